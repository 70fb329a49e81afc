/**
 * 'Send test email' (issue 25): the studio sees its gallery email, template, branding and link, in its own
 * inbox before a client does. The answer (sent to whom, or why not) stays beside the button.
 */
import { useState } from "react";
import { serverErrorMessage } from "../../sync/auth";
import { sendTestEmail } from "../../sync/mail";
import { Button } from "../../ui/Button";
import { SETTINGS_TEXTS } from "./texts";

type State = { kind: "idle" } | { kind: "sending" } | { kind: "sent"; to: string } | { kind: "failed"; why: string };

export function TestEmailButton() {
  const [state, setState] = useState<State>({ kind: "idle" });
  const send = async () => {
    if (!navigator.onLine) return setState({ kind: "failed", why: SETTINGS_TEXTS.testEmailOffline });
    setState({ kind: "sending" });
    try {
      setState({ kind: "sent", to: await sendTestEmail() });
    } catch (err) {
      setState({ kind: "failed", why: serverErrorMessage(err) });
    }
  };
  return (
    <div className="field" data-testid="test-email">
      <p className="muted small">{SETTINGS_TEXTS.testEmailHint}</p>
      <div>
        <Button variant="outline" onClick={() => void send()} disabled={state.kind === "sending"}>
          {state.kind === "sending" ? SETTINGS_TEXTS.sendingTestEmail : SETTINGS_TEXTS.sendTestEmail}
        </Button>
      </div>
      {state.kind === "sent" ? (
        <p role="status" className="check-ok">
          {SETTINGS_TEXTS.testEmailSent(state.to)}
        </p>
      ) : null}
      {state.kind === "failed" ? (
        <p role="status" className="form-error">
          {state.why}
        </p>
      ) : null}
    </div>
  );
}
