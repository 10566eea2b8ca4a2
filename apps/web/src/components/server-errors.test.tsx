import { act, render, screen } from '@testing-library/react'
import { Form, type FormInstance, Input } from 'antd'
import { describe, expect, it } from 'vitest'
import { ApiClientError } from '@/lib/api-client'
import { applyServerErrors } from './server-errors'

function CompanyForm({ onForm }: { onForm: (form: FormInstance) => void }) {
  const [form] = Form.useForm()
  onForm(form)
  return (
    <Form form={form} initialValues={{ name: '', address: { city: '' }, IBAN: '' }}>
      <Form.Item name="name" label="Company name">
        <Input />
      </Form.Item>
      <Form.Item name={['address', 'city']} label="City">
        <Input />
      </Form.Item>
      <Form.Item name="IBAN" label="IBAN">
        <Input />
      </Form.Item>
    </Form>
  )
}

describe('applyServerErrors', () => {
  it("puts a 400's details under their fields, in the reader's language, and answers the rest", async () => {
    let form!: FormInstance
    render(<CompanyForm onForm={(f) => (form = f)} />)
    const error = new ApiClientError(400, 'VALIDATION_FAILED', 'query.name is required (and 3 more)', {
      'query.name': 'is required',
      'query.address.city': 'must be at most 100 characters',
      IBAN: 'must be a valid IBAN',
      'query.phone': 'is not a known field',
    })
    let rest: string[] = []
    await act(async () => {
      rest = applyServerErrors(form, error)
    })
    expect(await screen.findByText('This field is required')).toBeTruthy()
    expect(screen.getByText('At most 100 characters')).toBeTruthy()
    expect(screen.getByText('Enter a valid IBAN')).toBeTruthy()
    expect(rest).toEqual(['query.phone: is not a known field'])
  })

  it('answers the translated text of an error without field details', () => {
    let form!: FormInstance
    render(<CompanyForm onForm={(f) => (form = f)} />)
    expect(applyServerErrors(form, new ApiClientError(404, 'NOT_FOUND', 'Contact not found'))).toEqual([
      'Not found.',
    ])
    expect(applyServerErrors(form, new Error('Network Error'))).toEqual(['Network Error'])
  })
})
