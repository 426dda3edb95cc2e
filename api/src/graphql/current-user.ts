import { createParameterDecorator } from 'type-graphql';
import type { Context, Viewer } from './context.js';
import { unauthenticated } from './errors.js';

/**
 * The signed-in user, for a field that needs one. Nobody signed in is refused as UNAUTHENTICATED, so a field that
 * lost its @Authorized still never runs for a visitor.
 */
export const CurrentUser = () =>
  createParameterDecorator<Context>(({ context }): Viewer => {
    if (!context.user) throw unauthenticated();
    return context.user;
  });
