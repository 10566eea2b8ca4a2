import { Tooltip, type TooltipProps } from 'antd'
import { cloneElement, type MouseEvent, type ReactElement, useEffect, useRef, useState } from 'react'

interface HoverProps {
  onMouseEnter?: (event: MouseEvent) => void
  onMouseLeave?: (event: MouseEvent) => void
}

/**
 * antd's Tooltip (hover) for the many cells of a list: the child renders alone until the pointer rests on
 * it for `mouseEnterDelay`, and only then does the Tooltip mount, open; from then on it is antd's. The
 * orders page has some fifty tooltips, and mounting them (a trigger and the tooltip's style hooks each)
 * was 40 ms of its first render, for the one or two anybody reads.
 */
export function HoverTooltip({
  children,
  mouseEnterDelay = 0.1,
  ...props
}: Omit<TooltipProps, 'children'> & { children: ReactElement<HoverProps> }) {
  const [mounted, setMounted] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  if (mounted) {
    return (
      <Tooltip mouseEnterDelay={mouseEnterDelay} defaultOpen {...props}>
        {children}
      </Tooltip>
    )
  }
  const own = children.props
  return cloneElement(children, {
    onMouseEnter: (event: MouseEvent) => {
      own.onMouseEnter?.(event)
      clearTimeout(timer.current)
      timer.current = setTimeout(() => setMounted(true), mouseEnterDelay * 1000)
    },
    onMouseLeave: (event: MouseEvent) => {
      own.onMouseLeave?.(event)
      clearTimeout(timer.current)
    },
  })
}
