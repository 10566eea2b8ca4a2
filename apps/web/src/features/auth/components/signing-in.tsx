import { Flex, Spin, Typography } from 'antd'

/** The whole screen of the sign-in-by-URL pages while they work. */
export function SigningIn({ text }: { text: string }) {
  return (
    <Flex vertical align="center" justify="center" gap={16} style={{ minHeight: '100vh' }} role="status">
      <Spin size="large" />
      <Typography.Text type="secondary">{text}</Typography.Text>
    </Flex>
  )
}
