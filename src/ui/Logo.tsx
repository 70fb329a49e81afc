/** The studio logo; falls back to the placeholder image when the logo fails to load. */
import { useState } from "react";

export const PLACEHOLDER_LOGO = "/icons/placeholder-logo.svg";
export const DEFAULT_LOGO = "/icons/logo.svg";

export function Logo({ src, alt, size = 40 }: { src?: string; alt: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      className="logo"
      src={failed ? PLACEHOLDER_LOGO : src || DEFAULT_LOGO}
      alt={alt}
      width={size}
      height={size}
      onError={() => setFailed(true)}
    />
  );
}
