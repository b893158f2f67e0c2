import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { Form, FormAlert, FormTextField, useSchemaForm } from './form';

const schema = z
  .object({ name: z.string().check(z.trim(), z.minLength(1, 'Name is required')), again: z.string() })
  .check(z.refine((v) => v.again === v.name, { message: 'The names differ' }));

function Named({ onSubmit }: { onSubmit: (values: z.infer<typeof schema>) => void }) {
  const form = useSchemaForm(schema, { name: '', again: '' });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormTextField name="name" label="Name" />
      <FormTextField name="again" label="Again" />
      <FormAlert />
      <button type="submit">Save</button>
    </Form>
  );
}

describe('useSchemaForm with a zod schema (zodResolver)', () => {
  it('shows the schema’s field message, then its form-level message, and submits the parsed values', async () => {
    const onSubmit = vi.fn();
    render(<Named onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name'), ' Ada ');
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Again'), 'Bo');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The names differ');
    await userEvent.clear(screen.getByLabelText('Again'));
    await userEvent.type(screen.getByLabelText('Again'), 'Ada');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Ada', again: 'Ada' }, expect.anything());
  });
});
