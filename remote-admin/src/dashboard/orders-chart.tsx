/**
 * Orders per day over the last 30 days, as a small SVG bar chart (no chart library: the
 * remote's bundle stays small). Screen readers get a one-sentence summary on the image and
 * the figures as a table; each bar also names its day and count on hover.
 */
import { type ReactNode, useId } from 'react';
import type { OrderStats } from 'shared-api/contract';
import './orders-chart.css';

export interface OrdersChartProps {
  /** one entry a day, oldest first; null while loading */
  stats: OrderStats | null;
  error?: string | null;
  onRetry?: () => void;
}

const VIEW_WIDTH = 600;
const VIEW_HEIGHT = 140;
const BAR_GAP = 4;

// The API's days are UTC days ('YYYY-MM-DD'): format them in UTC so no day shifts.
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

const asDate = (day: string) => new Date(`${day}T00:00:00Z`);
export const formatDay = (day: string) => dayFormat.format(asDate(day));
const formatLongDay = (day: string) => longDayFormat.format(asDate(day));

const orders = (count: number) => `${count} ${count === 1 ? 'order' : 'orders'}`;

/** The chart's text alternative: the total and the busiest day (the latest of equals). */
export function summariseOrderStats(stats: OrderStats): string {
  const total = stats.reduce((sum, day) => sum + day.count, 0);
  if (total === 0) return `No orders in the last ${stats.length} days.`;
  const busiest = stats.reduce((best, day) => (day.count >= best.count ? day : best));
  return `${orders(total)} in the last ${stats.length} days; the busiest day was ${formatLongDay(busiest.date)} with ${orders(busiest.count)}.`;
}

export function OrdersChart({ stats, error = null, onRetry }: OrdersChartProps) {
  const headingId = useId();

  let body: ReactNode;
  if (error) {
    body = (
      <div className="admin-chart-state" role="alert">
        <p>{error}</p>
        {onRetry ? (
          <button type="button" className="ui-button ui-button-small" onClick={onRetry}>
            Retry
          </button>
        ) : null}
      </div>
    );
  } else if (stats === null) {
    body = (
      <p className="admin-chart-state" role="status">
        Loading...
      </p>
    );
  } else if (stats.length === 0) {
    body = <p className="admin-chart-state">No figures yet.</p>;
  } else {
    const max = Math.max(1, ...stats.map((day) => day.count));
    const slot = VIEW_WIDTH / stats.length;
    const summary = summariseOrderStats(stats);
    const first = stats[0];
    const last = stats[stats.length - 1];
    body = (
      <>
        <p className="admin-chart-summary">{summary}</p>
        <div className="admin-chart-plot">
          <span className="admin-chart-max" aria-hidden="true">
            {max}
          </span>
          <svg
            className="admin-chart-svg"
            viewBox={`0 0 ${VIEW_WIDTH} ${VIEW_HEIGHT}`}
            preserveAspectRatio="none"
            role="img"
            aria-label={summary}
          >
            <line className="admin-chart-baseline" x1={0} y1={VIEW_HEIGHT} x2={VIEW_WIDTH} y2={VIEW_HEIGHT} />
            {stats.map((day, i) => {
              // a day without orders still shows a sliver, so the 30 days read as 30 slots
              const height = day.count === 0 ? 1.5 : Math.max(3, (day.count / max) * (VIEW_HEIGHT - 4));
              return (
                <rect
                  key={day.date}
                  className={day.count === 0 ? 'admin-chart-bar admin-chart-bar-empty' : 'admin-chart-bar'}
                  data-date={day.date}
                  x={i * slot + BAR_GAP / 2}
                  y={VIEW_HEIGHT - height}
                  width={slot - BAR_GAP}
                  height={height}
                >
                  <title>{`${formatDay(day.date)}: ${orders(day.count)}`}</title>
                </rect>
              );
            })}
          </svg>
        </div>
        {first && last ? (
          <div className="admin-chart-axis" aria-hidden="true">
            <span>{formatDay(first.date)}</span>
            <span>{formatDay(last.date)}</span>
          </div>
        ) : null}
        <table className="ui-visually-hidden">
          <caption>orders per day, last {stats.length} days</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Orders</th>
            </tr>
          </thead>
          <tbody>
            {stats.map((day) => (
              <tr key={day.date}>
                <th scope="row">{formatLongDay(day.date)}</th>
                <td>{day.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </>
    );
  }

  return (
    <figure className="admin-chart" aria-labelledby={headingId}>
      <figcaption>
        <h2 id={headingId}>orders per day</h2>
        <span className="admin-chart-period">last 30 days</span>
      </figcaption>
      {body}
    </figure>
  );
}
