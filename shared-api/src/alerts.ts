import { apiRequest } from './client';
import type { AlertList } from './contract/schemas';

export async function fetchAlerts(): Promise<AlertList> {
  const { data } = await apiRequest<AlertList>('/api/alerts');
  return data;
}

export async function markAllAlertsRead(): Promise<AlertList> {
  const { data } = await apiRequest<AlertList>('/api/alerts/read-all', { method: 'PUT' });
  return data;
}
