import { Text } from "ink";
import { Component, type ReactNode } from "react";
import { errorMessage } from "../protocol/index.js";

/** A render error in one part of the screen shows a line instead of ending the app. */
export class RenderGuard extends Component<
  { what: string; children: ReactNode },
  { error?: string }
> {
  override state: { error?: string } = {};

  static getDerivedStateFromError(error: unknown): { error: string } {
    return { error: errorMessage(error) };
  }

  override render(): ReactNode {
    if (this.state.error) {
      return (
        <Text color="red">
          ✗ could not show {this.props.what}: {this.state.error}
        </Text>
      );
    }
    return this.props.children;
  }
}
