import { hash, verify } from '@node-rs/argon2'

// argon2id (the library's default algorithm) with OWASP's recommended memory and time cost.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 }

export const hashPassword = (password: string) => hash(password, options)

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

// Verifying against this when the user does not exist keeps the answer time the same, so timing
// does not tell which usernames exist.
let dummyHash: Promise<string> | undefined
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('expedo-timing-equaliser')
  await verifyPassword(await dummyHash, password)
}
