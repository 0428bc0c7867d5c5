/**
 * A save refused because someone changed the record after it was loaded (docs/domain.md, Edits
 * and versions): the server's sentence, naming who and when, and a button that loads the record
 * again into the form, so the person sees the other change before making theirs.
 */
import './button.css';
import './changed-since-loaded.css';

export interface ChangedSinceLoadedProps {
  /** the 409's message */
  message: string;
  /** loads the record again; the form starts afresh from it */
  onReload: () => void;
  /** the button's text, naming the record ('reload the product') */
  reloadLabel: string;
}

export function ChangedSinceLoaded({ message, onReload, reloadLabel }: ChangedSinceLoadedProps) {
  return (
    <div className="ui-changed-since" role="alert">
      <p>{message}</p>
      <button type="button" className="ui-button ui-button-small" onClick={onReload}>
        {reloadLabel}
      </button>
    </div>
  );
}
