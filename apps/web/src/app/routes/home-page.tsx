import { Card, Col, Flex, Row, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Dashboard } from '@/features/dashboard/components/dashboard'
import { useSession } from '@/lib/session'
import type layoutEn from '@/locales/en/layout.json'
import { useMenuEntries } from '../layout/menu-entries-context'

type TileKey = keyof typeof layoutEn.tiles

function greetingKey(hour: number) {
  if (hour < 12) return 'home.greetingMorning' as const
  if (hour < 18) return 'home.greetingAfternoon' as const
  return 'home.greetingEvening' as const
}

/** Home: a greeting, the dashboard and a tile for every menu item this user may open (the same route table as the menu). */
export function HomePage() {
  const { t } = useTranslation(['common', 'layout'])
  const { token } = theme.useToken()
  const { currentUser } = useSession()
  const entries = useMenuEntries()

  return (
    <Flex vertical gap={24}>
      <div>
        <Typography.Title level={1} style={{ fontSize: 26, marginBottom: 4 }}>
          {t(greetingKey(new Date().getHours()), { username: currentUser?.username ?? '' })}
        </Typography.Title>
        <Typography.Text type="secondary">{t('home.subtitle')}</Typography.Text>
      </div>
      {currentUser && <Dashboard />}
      {entries.length === 0 ? (
        <Typography.Paragraph>{t('home.nothingAvailable')}</Typography.Paragraph>
      ) : (
        <Row gutter={[16, 16]} role="list">
          {entries.map((entry) => (
            <Col key={entry.to} xs={24} sm={12} lg={8} xxl={6} role="listitem">
              <Link to={entry.to} style={{ display: 'block', height: '100%' }}>
                <Card hoverable style={{ height: '100%' }} styles={{ body: { padding: 20 } }}>
                  <Flex gap={16} align="flex-start">
                    <Flex
                      align="center"
                      justify="center"
                      style={{
                        flex: 'none',
                        width: 44,
                        height: 44,
                        borderRadius: 10,
                        fontSize: 22,
                        color: token.colorPrimary,
                        background: 'rgba(15, 118, 110, 0.08)',
                      }}
                    >
                      <entry.icon />
                    </Flex>
                    <Flex vertical gap={2} style={{ minWidth: 0 }}>
                      <Typography.Text strong style={{ fontSize: 16 }}>
                        {t(`layout:menu.${entry.label}`)}
                      </Typography.Text>
                      <Typography.Text type="secondary">
                        {t(`layout:tiles.${entry.label as TileKey}`)}
                      </Typography.Text>
                    </Flex>
                  </Flex>
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      )}
    </Flex>
  )
}
