import { Card, Flex, Skeleton } from 'antd'

/** Placeholder of the profile while it loads. */
export function ProfileSkeleton() {
  return (
    <Flex vertical gap={16} aria-busy="true">
      <Skeleton.Input active size="large" style={{ width: 280 }} />
      {[0, 1, 2].map((i) => (
        <Card key={i}>
          <Skeleton active paragraph={{ rows: 3 }} />
        </Card>
      ))}
    </Flex>
  )
}
