/**
 * Orders per day over the last 30 days, as a small SVG bar chart (no chart library: the
 * remote's bundle stays small). Screen readers get a one-sentence summary on the image and
 * the figures as a table; each bar also names its day and count on hover.
 */
import { type ReactNode, useId } from 'react';
import { intlLocale } from 'shared-api';
import type { OrderStats } from 'shared-api/contract';
import { t, useT } from '../i18n';
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
const DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', timeZone: 'UTC' };
const LONG_DAY: Intl.DateTimeFormatOptions = { ...DAY, year: 'numeric' };

const asDate = (day: string) => new Date(`${day}T00:00:00Z`);
/** A day in the chosen language ('Nov 20'). */
export const formatDay = (day: string) => new Intl.DateTimeFormat(intlLocale(), DAY).format(asDate(day));
const formatLongDay = (day: string) => new Intl.DateTimeFormat(intlLocale(), LONG_DAY).format(asDate(day));

/** The chart's text alternative: the total and the busiest day (the latest of equals). */
export function summariseOrderStats(stats: OrderStats): string {
  const total = stats.reduce((sum, day) => sum + day.count, 0);
  if (total === 0) return t('admin.chart.none', { days: stats.length });
  const busiest = stats.reduce((best, day) => (day.count >= best.count ? day : best));
  return t('admin.chart.summary', {
    total,
    days: stats.length,
    day: formatLongDay(busiest.date),
    busiest: busiest.count,
  });
}

export function OrdersChart({ stats, error = null, onRetry }: OrdersChartProps) {
  const t = useT();
  const headingId = useId();

  let body: ReactNode;
  if (error) {
    body = (
      <div className="admin-chart-state" role="alert">
        <p>{error}</p>
        {onRetry ? (
          <button type="button" className="ui-button ui-button-small" onClick={onRetry}>
            {t('admin.common.retry')}
          </button>
        ) : null}
      </div>
    );
  } else if (stats === null) {
    body = (
      <p className="admin-chart-state" role="status">
        {t('admin.common.loading')}
      </p>
    );
  } else if (stats.length === 0) {
    body = <p className="admin-chart-state">{t('admin.chart.noFigures')}</p>;
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
                  <title>{t('admin.chart.bar', { day: formatDay(day.date), count: day.count })}</title>
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
          <caption>{t('admin.chart.caption', { days: stats.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.chart.day')}</th>
              <th scope="col">{t('admin.chart.orders')}</th>
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
        <h2 id={headingId}>{t('admin.chart.title')}</h2>
        <span className="admin-chart-period">{t('admin.chart.period')}</span>
      </figcaption>
      {body}
    </figure>
  );
}
