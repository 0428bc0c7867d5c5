/** The generic error screen (SPEC.md: 'Something went wrong.'), with a retry when one can help. */
import { MESSAGES } from 'shared-api/contract';
import './error-screen.css';

export interface ErrorScreenProps {
  /** shown when given: runs the failed part again */
  onRetry?: () => void;
}

export function ErrorScreen({ onRetry }: ErrorScreenProps) {
  return (
    <section className="error-screen" role="alert">
      <h1 className="error-screen-title">{MESSAGES.somethingWentWrong}</h1>
      {onRetry ? (
        <button type="button" className="button button-primary" onClick={onRetry}>
          Retry
        </button>
      ) : null}
    </section>
  );
}
