/** One figure on a dashboard: a label, the value, an optional hint; a link when `to` is given. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import './stat-card.css';

export interface StatCardProps {
  label: ReactNode;
  value: ReactNode;
  hint?: ReactNode;
  /** where the card leads (the list behind the figure) */
  to?: string;
  /** with `to`: the words that show the card is a link, drawn as one ('see payouts') */
  action?: string;
}

export function StatCard({ label, value, hint, to, action }: StatCardProps) {
  const content = (
    <>
      <span className="ui-stat-card-label">{label}</span>
      <span className="ui-stat-card-value">{value}</span>
      {hint ? <span className="ui-stat-card-hint">{hint}</span> : null}
      {to && action ? (
        <span className="ui-stat-card-action">
          {action}{' '}
          <span className="ui-stat-card-arrow" aria-hidden="true">
            →
          </span>
        </span>
      ) : null}
    </>
  );
  if (to) {
    return (
      <Link className="ui-stat-card ui-stat-card-link" to={to}>
        {content}
      </Link>
    );
  }
  return <div className="ui-stat-card">{content}</div>;
}
