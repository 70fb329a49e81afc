/**
 * Inside the viewer, under the photo: the photo's lists ('Add to Album', with "12 of 30 chosen"; a full
 * list cannot take more) and its comment. Rendered in the lightbox's own layer, which stays interactive;
 * keyed by the photo, so the comment box starts afresh on each one.
 */
import { useState } from "react";
import { PROOFING_TEXTS } from "./texts";
import { useProofingContext } from "./useProofing";
import "./gallery.css";

interface Props {
  imageId: string;
  name: string;
}

export function ViewerProofing({ imageId, name }: Props) {
  const proofing = useProofingContext();
  const saved = proofing?.state.comments.find((c) => c.image === imageId)?.text ?? "";
  const [text, setText] = useState(saved);
  const [isCommenting, setIsCommenting] = useState(false);
  if (!proofing) return null;
  const isLocked = proofing.isSubmitted;
  return (
    <div className="viewer-proofing">
      {proofing.state.lists.map((l) => {
        const isIn = l.imageIds.includes(imageId);
        const isFull = l.limit > 0 && l.imageIds.length >= l.limit;
        return (
          <button
            key={l.id}
            type="button"
            className={`proof-chip${isIn ? " is-active" : ""}`}
            aria-pressed={isIn}
            disabled={isLocked || (!isIn && isFull)}
            title={!isIn && isFull ? PROOFING_TEXTS.limitReached(l.name, l.limit) : undefined}
            onClick={() => void proofing.togglePick(l.id, imageId)}
          >
            {isIn ? PROOFING_TEXTS.inList(l.name) : PROOFING_TEXTS.addToList(l.name)} · {PROOFING_TEXTS.chosen(l.imageIds.length, l.limit)}
          </button>
        );
      })}
      {isCommenting ? (
        <form
          className="viewer-comment"
          onSubmit={(e) => {
            e.preventDefault();
            void proofing.saveComment(imageId, text).then((ok) => ok && setIsCommenting(false));
          }}
        >
          <textarea aria-label={PROOFING_TEXTS.commentLabel(name)} placeholder={PROOFING_TEXTS.commentPlaceholder} value={text} maxLength={2000} rows={2} onChange={(e) => setText(e.target.value)} />
          <button type="submit" className="proof-chip is-active">
            {PROOFING_TEXTS.saveComment}
          </button>
        </form>
      ) : (
        <button type="button" className="proof-chip" disabled={isLocked} onClick={() => setIsCommenting(true)}>
          {saved ? `${PROOFING_TEXTS.comment}: ${saved}` : PROOFING_TEXTS.comment}
        </button>
      )}
      {proofing.error ? (
        <p className="proof-error" role="alert">
          {proofing.error}
        </p>
      ) : null}
    </div>
  );
}
