import { Flex, Spin } from 'antd'

/** Shown while a lazily loaded page or the layout arrives. */
export function PageSpinner({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: fullScreen ? '100vh' : 240 }}>
      <Spin />
    </Flex>
  )
}
