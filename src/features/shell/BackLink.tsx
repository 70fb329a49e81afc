/** The "← Back to ..." link at the top of an owner's screen. */
import { Link } from "react-router-dom";

export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="back-link">
      ← {label}
    </Link>
  );
}
