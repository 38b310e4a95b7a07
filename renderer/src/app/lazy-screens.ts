import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenId } from '../stores/screens';

// Ship is the start screen and loads with the shell; the rest load on first visit.
export const lazyScreens: Record<Exclude<ScreenId, 'ship'>, LazyExoticComponent<ComponentType>> = {
  batch: lazy(() => import('../screens/batch/BatchScreen').then((m) => ({ default: m.BatchScreen }))),
  void: lazy(() => import('../screens/void/VoidScreen').then((m) => ({ default: m.VoidScreen }))),
  returns: lazy(() => import('../screens/returns/ReturnsScreen').then((m) => ({ default: m.ReturnsScreen }))),
  pickups: lazy(() => import('../screens/pickups/PickupsScreen').then((m) => ({ default: m.PickupsScreen }))),
  tracking: lazy(() => import('../screens/tracking/TrackingScreen').then((m) => ({ default: m.TrackingScreen }))),
  address: lazy(() => import('../screens/address/AddressScreen').then((m) => ({ default: m.AddressScreen }))),
  'end-of-day': lazy(() => import('../screens/end-of-day/EndOfDayScreen').then((m) => ({ default: m.EndOfDayScreen }))),
  history: lazy(() => import('../screens/history/HistoryScreen').then((m) => ({ default: m.HistoryScreen }))),
  reports: lazy(() => import('../screens/reports/ReportsScreen').then((m) => ({ default: m.ReportsScreen }))),
  rules: lazy(() => import('../screens/rules/RulesScreen').then((m) => ({ default: m.RulesScreen }))),
  account: lazy(() => import('../screens/account/AccountScreen').then((m) => ({ default: m.AccountScreen }))),
  settings: lazy(() => import('../screens/settings/SettingsScreen').then((m) => ({ default: m.SettingsScreen }))),
};
