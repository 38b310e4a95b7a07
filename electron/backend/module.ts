import type { StationContext, StationModule } from '../core/module';
import type { BackendService } from './service';

export type BackendCommandName = 'backend.status' | 'backend.configure' | 'credentials.set' | 'credentials.clear';

/**
 * The backend commands of the contract. Secrets pass inward only: every
 * handler answers with BackendStatus, which says which keys are stored and
 * never what they are. Any change, from here or elsewhere, is announced as
 * station.changed {topics: ['backend']}.
 */
export function createBackendModule(ctx: StationContext, service: BackendService): StationModule<BackendCommandName> {
  const unsubscribe = service.onChange(() => ctx.emit('station.changed', { topics: ['backend'] }));
  return {
    handlers: {
      'backend.status': () => service.status(),
      'backend.configure': (input) => service.configure(input),
      'credentials.set': ({ profile, ...keys }) => service.setCredentials(profile, keys),
      'credentials.clear': ({ profile }) => service.clearCredentials(profile),
    },
    // The service outlives this module (the shipping module uses its clients); the station closes it last.
    close() {
      unsubscribe();
      return Promise.resolve();
    },
  };
}
