import { Component, type ReactNode } from 'react';

/**
 * Shows `fallback` in place of a part whose code failed to load (offline, or a deploy replaced the
 * chunk). Without it React would take the whole page down for one lazily loaded section.
 */
export class ChunkBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
