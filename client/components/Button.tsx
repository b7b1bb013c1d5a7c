import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from 'react';
import { Link } from 'wouter';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';
const variants: Record<Variant, string> = {
  primary: 'bg-primary-700 text-white hover:bg-primary-800 disabled:bg-primary-700/50',
  secondary: 'border border-gray-300 bg-white text-gray-800 hover:bg-gray-50 disabled:text-gray-400',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-700/50',
  ghost: 'text-primary-700 hover:bg-primary-50 disabled:text-gray-400',
};

const buttonClass = (variant: Variant, className: string) =>
  `inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed ${variants[variant]} ${className}`;

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}

export interface LinkButtonProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
  variant?: Variant;
  /** A plain <a> that loads the page anew: out of a nested area (e.g. into the wizard), a download, another site. Otherwise a router link. */
  plain?: boolean;
}

/** A link that looks like a Button. */
export function LinkButton({ variant = 'primary', className = '', plain = false, ...props }: LinkButtonProps) {
  const classes = buttonClass(variant, className);
  return plain ? <a className={classes} {...props} /> : <Link className={classes} {...props} />;
}
