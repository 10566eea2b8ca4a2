import { Flex } from 'antd'
import { Link } from 'react-router'

/** The Expedo mark and name; only the mark when there is no room. */
export function Brand({
  isCompact = false,
  isInverted = false,
}: {
  isCompact?: boolean
  isInverted?: boolean
}) {
  return (
    <Link to="/" aria-label="Expedo" style={{ display: 'inline-flex', textDecoration: 'none' }}>
      <Flex align="center" gap={10}>
        <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
          <rect width="32" height="32" rx="6" fill={isInverted ? '#14b8a6' : '#0f766e'} />
          <path d="M9 9h14v3H13v3h8v3h-8v3h10v3H9z" fill="#fff" />
        </svg>
        {!isCompact && (
          <span
            style={{
              fontSize: 19,
              fontWeight: 700,
              letterSpacing: 0.2,
              color: isInverted ? '#fff' : '#0b2e2b',
            }}
          >
            Expedo
          </span>
        )}
      </Flex>
    </Link>
  )
}
