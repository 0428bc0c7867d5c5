import { createContext } from 'react';
import { loadRemoteApp, type RemoteLoader } from './remote-loader';

export const RemoteLoaderContext = createContext<RemoteLoader>(loadRemoteApp);
