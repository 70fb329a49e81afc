/**
 * Under the code field while the door makes this network wait: that the code was not checked, and the time
 * left counting down. The count is shown, not read out each second: its live region (always in the page, so
 * a change is heard) says the sentence once when the wait starts and once when it is over.
 */
import { VISITOR_ERROR_TEXTS } from "./texts";
import { waitLeftText } from "./failure";

interface Props {
  id: string;
  /** Whether a wait was asked since the last answer; false: nothing is shown. */
  isShown: boolean;
  /** The wait's length when it started, in seconds (what the live region says). */
  startSeconds: number;
  secondsLeft: number;
  /** False once the wait is over: the notice then says the code can be tried again. */
  isWaiting: boolean;
}

export function WaitNotice({ id, isShown, startSeconds, secondsLeft, isWaiting }: Props) {
  const announced = !isShown ? "" : isWaiting ? `${VISITOR_ERROR_TEXTS.waitNotChecked} ${waitLeftText(startSeconds)}` : VISITOR_ERROR_TEXTS.waitOver;
  return (
    <div className={isShown ? "access-wait" : undefined} id={id} data-testid={isShown ? "access-wait" : undefined}>
      <p role="status" className="sr-only">
        {announced}
      </p>
      {isShown ? (
        <div aria-hidden="true">
          {isWaiting ? <p>{VISITOR_ERROR_TEXTS.waitNotChecked}</p> : null}
          <p className="access-wait-left">{waitLeftText(isWaiting ? secondsLeft : 0)}</p>
        </div>
      ) : null}
    </div>
  );
}
