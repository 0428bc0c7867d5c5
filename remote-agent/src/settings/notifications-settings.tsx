/**
 * The agent's notifications (docs/domain.md, Push notifications: on the agent's phone): a switch
 * for this device, and, when a device of the account has them on, a switch per kind of alert.
 * The device's state is the browser's subscription matched with the server's list (./push-device).
 */
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorMessage, fetchPushPreferences, savePushPreferences } from 'shared-api';
import { AGENT_PUSH_KINDS, type PushKind } from 'shared-api/contract';
import { useWrite } from 'shared-ui/lib/mutations';
import { useResource } from 'shared-ui/lib/use-resource';
import { type AgentKey, t, useT } from '../i18n';
import {
  PushDeviceError,
  type PushDeviceProblem,
  readPushDevice,
  turnOffPushHere,
  turnOnPushHere,
} from './push-device';
import './notifications-settings.css';

/** The reads of this section, keyed under 'push' (the device's state holds the server's list). */
export const pushQueries = {
  device: () => queryOptions({ queryKey: ['push', 'device'] as const, queryFn: readPushDevice }),
  preferences: () => queryOptions({ queryKey: ['push', 'preferences'] as const, queryFn: fetchPushPreferences }),
};

/** The browser's refusals (PUSH_SETTINGS_MESSAGES of the contract) in the current language. */
const PROBLEMS: Record<PushDeviceProblem, AgentKey> = {
  unsupported: 'agent.push.unsupported',
  denied: 'agent.push.denied',
  dismissed: 'agent.push.dismissed',
  noServiceWorker: 'agent.push.noServiceWorker',
  pushServiceFailed: 'agent.push.pushServiceFailed',
};

/** The kinds an agent is offered (AGENT_PUSH_KINDS of the contract), in the current language. */
const KIND_LABELS: Partial<Record<PushKind, AgentKey>> = {
  order_status: 'agent.push.kind.orderStatus',
  commission_status: 'agent.push.kind.commissionStatus',
};

function failure(error: Error | null, fallback: string): string | null {
  if (!error) return null;
  return error instanceof PushDeviceError ? t(PROBLEMS[error.problem]) : errorMessage(error, fallback);
}

export function NotificationsSection() {
  const tr = useT();
  const device = useResource(pushQueries.device(), tr('agent.push.readFailed'));
  const client = useQueryClient();
  // the last result, read out by the live region (a switch's new state is announced by itself too)
  const [result, setResult] = useState('');
  const rereadDevice = () => client.invalidateQueries({ queryKey: pushQueries.device().queryKey });
  const toggle = useWrite((on: boolean) => (on ? turnOnPushHere() : turnOffPushHere()), {
    onMutate: () => setResult(''),
    onSuccess: async (_done, on) => {
      await rereadDevice();
      setResult(on ? t('agent.push.subscribed') : t('agent.push.unsubscribed'));
    },
    // the permission may have changed on the way (denied at the browser's prompt)
    onError: () => void rereadDevice(),
  });
  const hintId = useId();
  const state = device.data;
  const on = toggle.isPending ? toggle.variables === true : (state?.on ?? false);
  const denied = state?.permission === 'denied';
  const note =
    state?.support === 'unsupported' ? tr('agent.push.unsupported') : denied ? tr('agent.push.denied') : null;
  const busy = toggle.isPending ? (toggle.variables ? tr('agent.push.turningOn') : tr('agent.push.turningOff')) : '';
  const error = failure(
    toggle.error,
    toggle.variables ? tr('agent.push.turnOnFailed') : tr('agent.push.turnOffFailed'),
  );

  return (
    <section className="agent-notifications" aria-labelledby="agent-notifications-heading">
      <h2 id="agent-notifications-heading">{tr('agent.push.title')}</h2>
      <p className="agent-notifications-muted">{tr('agent.push.intro')}</p>
      <div className="ui-settings-card agent-notifications-card">
        {device.error ? (
          <div role="alert">
            <p>{device.error}</p>
            <button type="button" className="ui-button ui-button-small" onClick={device.reload}>
              {tr('agent.retry')}
            </button>
          </div>
        ) : state === undefined ? (
          <p role="status">{tr('agent.loading')}</p>
        ) : (
          <>
            <label className="agent-notifications-switch">
              <input
                type="checkbox"
                role="switch"
                checked={on}
                aria-checked={on}
                aria-describedby={note && note !== error ? hintId : undefined}
                aria-busy={toggle.isPending}
                // unsupported or denied: nothing a tap can do, but an 'on' device can still be turned off
                disabled={toggle.isPending || (!state.on && (state.support === 'unsupported' || denied))}
                onChange={(event) => toggle.mutate(event.target.checked)}
              />
              <span>{tr('agent.push.deviceSwitch')}</span>
            </label>
            {/* the same words as the alert just read out are not repeated beside it */}
            {note && note !== error ? (
              <p id={hintId} className="agent-notifications-note">
                {note}
              </p>
            ) : null}
            {state.otherDevices > 0 ? (
              <p className="agent-notifications-muted">
                {tr('agent.push.otherDevices', { count: state.otherDevices })}
              </p>
            ) : null}
            {error ? (
              <p role="alert" className="agent-notifications-error">
                {error}
              </p>
            ) : null}
            {state.on || state.otherDevices > 0 ? <PushKindsFieldset onSaved={setResult} /> : null}
          </>
        )}
        <p role="status" className="agent-notifications-result">
          {busy || result}
        </p>
      </div>
    </section>
  );
}

/** A switch per kind the agent is offered: on unless the account turned it off (GET/PUT preferences). */
function PushKindsFieldset({ onSaved }: { onSaved: (message: string) => void }) {
  const tr = useT();
  const preferences = useResource(pushQueries.preferences(), tr('agent.push.readFailed'));
  const client = useQueryClient();
  const save = useWrite(savePushPreferences, {
    onMutate: () => onSaved(t('agent.push.savingKinds')),
    onSuccess: (saved) => {
      client.setQueryData(pushQueries.preferences().queryKey, saved);
      onSaved(t('agent.push.preferencesSaved'));
    },
    onError: () => onSaved(''),
  });
  if (preferences.error) {
    return (
      <div role="alert">
        <p>{preferences.error}</p>
        <button type="button" className="ui-button ui-button-small" onClick={preferences.reload}>
          {tr('agent.retry')}
        </button>
      </div>
    );
  }
  if (!preferences.data) return <p role="status">{tr('agent.loading')}</p>;
  // while a save is on its way, the switches show what was asked for
  const kindsOff: PushKind[] = save.isPending ? (save.variables?.kindsOff ?? []) : preferences.data.kindsOff;
  const setKind = (kind: PushKind, wanted: boolean) =>
    save.mutate({ kindsOff: wanted ? kindsOff.filter((off) => off !== kind) : [...kindsOff, kind] });
  const error = failure(save.error, tr('agent.push.kindsSaveFailed'));

  return (
    <fieldset className="agent-notifications-kinds" disabled={save.isPending} aria-busy={save.isPending}>
      <legend>{tr('agent.push.kindsLegend')}</legend>
      <p className="agent-notifications-muted">{tr('agent.push.kindsApply')}</p>
      {AGENT_PUSH_KINDS.map(({ kind, label }) => {
        const wanted = !kindsOff.includes(kind);
        const key = KIND_LABELS[kind];
        return (
          <label key={kind} className="agent-notifications-switch">
            <input
              type="checkbox"
              role="switch"
              checked={wanted}
              aria-checked={wanted}
              onChange={(event) => setKind(kind, event.target.checked)}
            />
            <span>{key ? tr(key) : label}</span>
          </label>
        );
      })}
      {error ? (
        <p role="alert" className="agent-notifications-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
