import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  block?: boolean;
};

/** A button with visible text; `type` defaults to "button" so forms submit only on purpose. */
export function Button({ variant = 'primary', block, className, type = 'button', ...rest }: ButtonProps) {
  const classes = ['btn', `btn-${variant}`, block && 'btn-block', className].filter(Boolean);
  return <button type={type} className={classes.join(' ')} {...rest} />;
}
