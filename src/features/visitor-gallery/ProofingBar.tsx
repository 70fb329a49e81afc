/**
 * Above the visitor's grid: who is choosing ('Choosing as Anna', 'Not Anna? Switch person'), the filters
 * 'All photos', 'Favourites (n)' and one per list with its count ("12 of 30 chosen"), 'Submit selection'
 * with a confirmation, and the server's refusals.
 */
import { useState } from "react";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { PEOPLE_TEXTS, PROOFING_TEXTS } from "./texts";
import type { Proofing } from "./useProofing";
import "./gallery.css";

/** "all", "favourites", or a list's id. */
export type ProofingFilter = string;

interface Props {
  proofing: Proofing;
  total: number;
  filter: ProofingFilter;
  onFilter: (filter: ProofingFilter) => void;
}

export function ProofingBar({ proofing, total, filter, onFilter }: Props) {
  const [isConfirming, setIsConfirming] = useState(false);
  const { state } = proofing;
  const chip = (id: ProofingFilter, label: string) => (
    <button key={id} type="button" className={`proof-chip${filter === id ? " is-active" : ""}`} aria-pressed={filter === id} onClick={() => onFilter(id)}>
      {label}
    </button>
  );
  return (
    <div className="proofing-bar">
      {proofing.person ? (
        <p className="proof-person" data-testid="proof-person">
          <span className="muted">{PEOPLE_TEXTS.choosingAs}</span> <strong>{proofing.person.name}</strong>
          <button type="button" className="link-button" onClick={proofing.askToSwitch}>
            {PEOPLE_TEXTS.notYou(proofing.person.name)}
          </button>
        </p>
      ) : null}
      <div className="proof-chips" role="group" aria-label={PROOFING_TEXTS.filterLabel}>
        {chip("all", PROOFING_TEXTS.allPhotos(total))}
        {chip("favourites", PROOFING_TEXTS.favourites(state.favourites.length))}
        {state.lists.map((l) => chip(l.id, PROOFING_TEXTS.listFilter(l.name, l.imageIds.length, l.limit)))}
      </div>
      {proofing.isSubmitted ? (
        <p className="proof-submitted" role="status">
          <strong>{PROOFING_TEXTS.submitted}.</strong> {PROOFING_TEXTS.submittedText}
        </p>
      ) : (
        <Button onClick={() => setIsConfirming(true)}>{PROOFING_TEXTS.submit}</Button>
      )}
      {proofing.error ? (
        <p className="proof-error" role="alert">
          {proofing.error}
        </p>
      ) : null}
      <Dialog
        isOpen={isConfirming}
        title={PROOFING_TEXTS.submitTitle}
        onClose={() => setIsConfirming(false)}
        footer={
          <>
            <Button variant="outline" onClick={() => setIsConfirming(false)}>
              {PROOFING_TEXTS.cancel}
            </Button>
            <Button
              onClick={() => {
                setIsConfirming(false);
                void proofing.submit();
              }}
            >
              {PROOFING_TEXTS.submitConfirm}
            </Button>
          </>
        }
      >
        <p>{PROOFING_TEXTS.submitText}</p>
      </Dialog>
    </div>
  );
}
