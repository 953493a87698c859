import { Component, type ReactNode } from 'react';
import { ApiError, isNetworkFailure } from '../api/client.ts';
import { NetworkErrorPage, RenderErrorPage } from './ErrorPage.tsx';

interface Props {
  children: ReactNode;
  embedded?: boolean;
  /** A new key (the location) clears the error, so navigating away recovers. */
  resetKey?: string;
}

/** Rendering failures show spec 8's error page; a network failure or timeout shows the 'Network Error' page. */
export class ErrorBoundary extends Component<Props, { error: Error | null; key: string | undefined }> {
  override state: { error: Error | null; key: string | undefined } = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: { error: Error | null; key: string | undefined }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const embedded = this.props.embedded ?? false;
    if (error instanceof ApiError && (isNetworkFailure(error) || error.status === 429)) {
      return <NetworkErrorPage embedded={embedded} retry={() => this.setState({ error: null })} />;
    }
    return <RenderErrorPage embedded={embedded} />;
  }
}
