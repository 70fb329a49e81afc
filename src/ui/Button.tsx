/** The app's button: primary, outline, ghost or destructive. */
import type { ButtonHTMLAttributes } from "react";

type Variant = "primary" | "outline" | "ghost" | "destructive";

export function Button({ variant = "primary", className, type = "button", ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type={type} className={`btn btn-${variant}${className ? ` ${className}` : ""}`} {...rest} />;
}
