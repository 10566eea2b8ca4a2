import { Input } from 'antd'
import { useEffect, useRef, useState } from 'react'

/** Spec §5/§9: the search fires only with more than 2 characters, or when cleared. */
export const shouldSearch = (value: string) => value.trim().length > 2 || value.trim() === ''

/** Typing pauses this long before a search is sent. */
const TYPING_PAUSE_MS = 300

export interface SearchInputProps {
  value: string
  onSearch: (value: string) => void
  placeholder: string
  title?: string
}

/** A search box that reports a term only when it should search (after a short pause in typing, or on Enter). */
export function SearchInput({ value, onSearch, placeholder, title }: SearchInputProps) {
  const [text, setText] = useState(value)
  const onSearchRef = useRef(onSearch)
  onSearchRef.current = onSearch
  useEffect(() => setText(value), [value])
  useEffect(() => {
    const term = text.trim()
    if (term === value || !shouldSearch(term)) return
    const timer = setTimeout(() => onSearchRef.current(term), TYPING_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [text, value])
  return (
    <Input.Search
      allowClear
      value={text}
      placeholder={placeholder}
      title={title}
      aria-label={placeholder}
      style={{ maxWidth: 360 }}
      onChange={(e) => setText(e.target.value)}
      onSearch={(v) => shouldSearch(v) && v.trim() !== value && onSearch(v.trim())}
    />
  )
}
