import type { Tx } from '../../platform/db/database.ts'
import { eshops, productEshopIds, productGroupItems, productGroups, products } from '../schema/index.ts'

/** A product family: every variant becomes one product ("Konev plastová – 10 l, zelená"). */
interface Family {
  name: string
  code: string
  variants: string[]
  colors: string[]
  /** Weight in grams of the first variant; later variants are heavier. */
  grams: number
  /** Height, length, width in cm. */
  cm: [number, number, number]
  temp?: number
}

const gardenFamilies: Family[] = [
  {
    name: 'Konev plastová',
    code: 'KON',
    variants: ['5 l', '10 l', '12 l'],
    colors: ['zelená', 'modrá', 'antracit'],
    grams: 380,
    cm: [30, 45, 18],
  },
  {
    name: 'Zahradní hadice',
    code: 'HAD',
    variants: ['1/2" 20 m', '1/2" 30 m', '3/4" 25 m'],
    colors: ['zelená', 'oranžová'],
    grams: 2400,
    cm: [12, 35, 35],
  },
  {
    name: 'Květináč keramický',
    code: 'KVK',
    variants: ['Ø 12 cm', 'Ø 16 cm', 'Ø 20 cm', 'Ø 25 cm'],
    colors: ['terakota', 'bílá', 'šedá'],
    grams: 450,
    cm: [12, 12, 12],
  },
  {
    name: 'Hrábě kovové',
    code: 'HRA',
    variants: ['12 zubů', '16 zubů'],
    colors: ['černá'],
    grams: 950,
    cm: [160, 35, 8],
  },
  {
    name: 'Zahradní nůžky dvoučepelové',
    code: 'NUZ',
    variants: ['S', 'M', 'L'],
    colors: ['červená', 'černá'],
    grams: 230,
    cm: [3, 21, 6],
  },
  {
    name: 'Substrát pro pokojové rostliny',
    code: 'SUB',
    variants: ['10 l', '20 l', '50 l'],
    colors: [''],
    grams: 4000,
    cm: [8, 50, 30],
  },
  {
    name: 'Osivo rajče keříčkové',
    code: 'OSR',
    variants: ['Stupické polní', 'Bejbino', 'Tornádo'],
    colors: [''],
    grams: 5,
    cm: [1, 14, 9],
    temp: 15,
  },
  {
    name: 'Zahradní rukavice',
    code: 'RUK',
    variants: ['7', '8', '9', '10'],
    colors: ['zelená', 'šedá'],
    grams: 60,
    cm: [2, 25, 12],
  },
  {
    name: 'Postřikovač tlakový',
    code: 'POS',
    variants: ['1,5 l', '5 l', '8 l'],
    colors: ['bílá'],
    grams: 650,
    cm: [40, 20, 20],
  },
  {
    name: 'Vyvýšený záhon dřevěný',
    code: 'ZAH',
    variants: ['80×80 cm', '120×80 cm'],
    colors: ['přírodní'],
    grams: 14000,
    cm: [15, 120, 25],
  },
  {
    name: 'Solární zahradní lampa',
    code: 'LAM',
    variants: ['LED 1 W', 'LED 3 W'],
    colors: ['černá', 'nerez'],
    grams: 320,
    cm: [40, 12, 12],
  },
  {
    name: 'Hnojivo univerzální granulované',
    code: 'HNO',
    variants: ['1 kg', '3 kg', '5 kg'],
    colors: [''],
    grams: 1050,
    cm: [25, 18, 8],
  },
  {
    name: 'Rýč špičatý s násadou',
    code: 'RYC',
    variants: ['standard', 'dámský'],
    colors: ['černá'],
    grams: 1900,
    cm: [115, 20, 6],
  },
  {
    name: 'Truhlík balkonový',
    code: 'TRU',
    variants: ['40 cm', '60 cm', '80 cm'],
    colors: ['terakota', 'bílá', 'antracit'],
    grams: 520,
    cm: [15, 60, 17],
  },
  {
    name: 'Kompostér plastový',
    code: 'KOM',
    variants: ['300 l', '600 l'],
    colors: ['černá', 'zelená'],
    grams: 9500,
    cm: [90, 75, 75],
  },
  {
    name: 'Závlahový kapkovač',
    code: 'KAP',
    variants: ['sada 10 ks', 'sada 25 ks'],
    colors: ['černá'],
    grams: 90,
    cm: [3, 15, 10],
  },
]

const homeFamilies: Family[] = [
  {
    name: 'Pernă decorativă catifea',
    code: 'PER',
    variants: ['40×40 cm', '45×45 cm', '50×50 cm'],
    colors: ['verde smarald', 'muștar', 'bej', 'gri'],
    grams: 420,
    cm: [12, 45, 45],
  },
  {
    name: 'Set prosoape bumbac',
    code: 'PRO',
    variants: ['2 buc.', '4 buc.'],
    colors: ['alb', 'gri', 'albastru'],
    grams: 900,
    cm: [10, 35, 25],
  },
  {
    name: 'Lumânare parfumată în pahar',
    code: 'LUM',
    variants: ['180 g', '320 g'],
    colors: ['vanilie', 'lavandă', 'scorțișoară'],
    grams: 260,
    cm: [10, 8, 8],
    temp: 22,
  },
  {
    name: 'Vază ceramică',
    code: 'VAZ',
    variants: ['20 cm', '30 cm'],
    colors: ['alb mat', 'terracotta', 'negru'],
    grams: 780,
    cm: [30, 14, 14],
  },
  {
    name: 'Coș depozitare din răchită',
    code: 'COS',
    variants: ['S', 'M', 'L'],
    colors: ['natur'],
    grams: 650,
    cm: [25, 35, 30],
  },
  {
    name: 'Pătură tricotată',
    code: 'PAT',
    variants: ['130×170 cm', '150×200 cm'],
    colors: ['crem', 'roz prăfuit', 'gri'],
    grams: 1300,
    cm: [12, 40, 30],
  },
  {
    name: 'Set farfurii porțelan',
    code: 'FAR',
    variants: ['6 buc.', '12 buc.'],
    colors: ['alb', 'bleu'],
    grams: 3200,
    cm: [15, 30, 30],
  },
  {
    name: 'Cană ceramică',
    code: 'CAN',
    variants: ['300 ml', '400 ml'],
    colors: ['verde', 'alb', 'negru', 'albastru'],
    grams: 330,
    cm: [10, 12, 9],
  },
  {
    name: 'Covor bumbac lavabil',
    code: 'COV',
    variants: ['60×90 cm', '120×170 cm'],
    colors: ['bej', 'gri'],
    grams: 1500,
    cm: [8, 60, 20],
  },
  {
    name: 'Oglindă rotundă cu ramă metalică',
    code: 'OGL',
    variants: ['Ø 40 cm', 'Ø 60 cm'],
    colors: ['auriu', 'negru'],
    grams: 2300,
    cm: [4, 60, 60],
  },
  {
    name: 'Difuzor aromaterapie',
    code: 'DIF',
    variants: ['100 ml', '300 ml'],
    colors: ['lemn deschis', 'alb'],
    grams: 540,
    cm: [18, 12, 12],
  },
  {
    name: 'Lenjerie de pat bumbac satinat',
    code: 'LEN',
    variants: ['dublu', 'king size'],
    colors: ['alb', 'gri', 'verde salvie'],
    grams: 1700,
    cm: [8, 40, 30],
  },
  {
    name: 'Suport plante din bambus',
    code: 'SUP',
    variants: ['2 niveluri', '3 niveluri'],
    colors: ['natur'],
    grams: 2100,
    cm: [10, 70, 30],
  },
  {
    name: 'Ghiveci ceramic pentru interior',
    code: 'GHI',
    variants: ['Ø 14 cm', 'Ø 18 cm'],
    colors: ['alb', 'verde', 'teracotă'],
    grams: 600,
    cm: [15, 18, 18],
  },
]

/** A deterministic pseudo-random sequence, so every fresh demo database looks the same. */
function random(seed: number) {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
}

/** An EAN-13 from a 12-digit body: the check digit weights the digits 1, 3, 1, 3 … from the left. */
export function ean13(body12: string): string {
  const sum = [...body12].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0)
  return `${body12}${(10 - (sum % 10)) % 10}`
}

interface DemoCatalogue {
  prefix: string
  /** GS1 country prefix + company number: 9 digits. */
  gs1: string
  eshopUrl: string
  families: Family[]
  groups: string[]
  /** Later rounds over the families make bundles and premium lines. */
  roundSuffixes: string[]
  seed: number
}

const catalogues: DemoCatalogue[] = [
  {
    prefix: 'ZR',
    gs1: '859412345',
    eshopUrl: 'https://www.zahradniraj.cz',
    families: gardenFamilies,
    groups: ['Zálivka', 'Květináče a truhlíky', 'Nářadí', 'Jarní akce'],
    roundSuffixes: ['', ' – sada 2 ks', ' Premium'],
    seed: 17,
  },
  {
    prefix: 'CV',
    gs1: '594876543',
    eshopUrl: 'https://www.casaverde.ro',
    families: homeFamilies,
    groups: ['Textile', 'Decorațiuni', 'Bucătărie', 'Reduceri de iarnă'],
    roundSuffixes: ['', ' – set 2 buc.', ' Premium'],
    seed: 29,
  },
]

function productsOf(c: DemoCatalogue, businessclientId: string, target: number) {
  const next = random(c.seed)
  const rows: (typeof products.$inferInsert)[] = []
  for (let round = 0; rows.length < target; round++) {
    for (const f of c.families) {
      f.variants.forEach((variant, vi) => {
        f.colors.forEach((color, ci) => {
          if (rows.length >= target) return
          const n = rows.length + 1
          const suffix = c.roundSuffixes[round % c.roundSuffixes.length]!
          const grams = Math.round(f.grams * (1 + vi * 0.6) * (0.95 + next() * 0.1))
          const [h, l, w] = f.cm
          rows.push({
            businessclientId,
            name: `${f.name} ${variant}${color ? `, ${color}` : ''}${suffix}`,
            sku: `${c.prefix}-${f.code}-${String(n).padStart(4, '0')}`,
            barcode: ean13(`${c.gs1}${String(n).padStart(3, '0')}`),
            clientsku: `${f.code}${vi + 1}${ci + 1}${round || ''}`,
            color,
            size: variant,
            weightGrams: grams,
            heightCm: String(h + vi * 2),
            lengthCm: String(l),
            widthCm: String(w),
            storageTempC: f.temp === undefined ? null : String(f.temp),
            storageNote:
              f.temp === undefined
                ? ''
                : c.prefix === 'CV'
                  ? 'A se păstra la loc răcoros'
                  : 'Skladovat v suchu a chladu',
            allowImportOrders: next() > 0.08,
            createdAt: new Date(Date.now() - Math.floor(next() * 180) * 86_400_000),
          })
        })
      })
    }
  }
  return rows
}

export interface SeededProduct {
  id: string
  sku: string
  businessclientId: string
}

/**
 * About 200 products per demo business client, four groups each, an e-shop per client and e-shop ids for
 * every third product. Bulk inserts only: first start stays fast.
 */
export async function seedCatalogue(tx: Tx, clients: string[], perClient = 200): Promise<SeededProduct[]> {
  const seeded: SeededProduct[] = []
  for (const [index, businessclientId] of clients.entries()) {
    const c = catalogues[index % catalogues.length]!
    const rows = productsOf(c, businessclientId, perClient)
    const inserted: SeededProduct[] = []
    for (let i = 0; i < rows.length; i += 500) {
      inserted.push(
        ...(await tx
          .insert(products)
          .values(rows.slice(i, i + 500))
          .returning({ id: products.id, sku: products.sku, businessclientId: products.businessclientId })),
      )
    }
    const [eshop] = await tx
      .insert(eshops)
      .values({ businessclientId, eshopUrl: c.eshopUrl, isActive: true })
      .returning({ id: eshops.id })
    const withIds = inserted.filter((_, i) => i % 3 === 0)
    if (withIds.length > 0) {
      await tx
        .insert(productEshopIds)
        .values(
          withIds.map((p, i) => ({ productId: p.id, eshopId: eshop!.id, externalId: String(1000 + i * 7) })),
        )
    }
    const groups = await tx
      .insert(productGroups)
      .values(c.groups.map((name) => ({ businessclientId, name })))
      .returning({ id: productGroups.id })
    const items = groups.flatMap((g, gi) =>
      inserted
        .filter((_, i) => i % 9 === gi)
        .slice(0, 12)
        .map((p) => ({ groupId: g.id, productId: p.id })),
    )
    if (items.length > 0) await tx.insert(productGroupItems).values(items)
    seeded.push(...inserted)
  }
  return seeded
}
