import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeSession, gqlError, makeUser, renderApp } from '../../test/utils';
import FeedbackButton from './FeedbackButton';
import { DEFAULT_FEEDBACK_CATEGORY, FEEDBACK_CATEGORIES } from './FeedbackDialog';

async function openDialog(handlers = {}) {
  const rendered = renderApp(<FeedbackButton />, { route: '/dashboard', session: fakeSession({ user: makeUser() }), handlers });
  fireEvent.click(screen.getByRole('button', { name: 'Feedback' }));
  const dialog = await screen.findByRole('dialog', { name: 'Send feedback' });
  return { ...rendered, dialog };
}

describe('Feedback', () => {
  it('offers the five categories, general by default', async () => {
    expect(FEEDBACK_CATEGORIES.map((c) => c.value)).toEqual(['bug', 'feature', 'question', 'general', 'other']);
    expect(DEFAULT_FEEDBACK_CATEGORY).toBe('general');
    const { dialog } = await openDialog();
    const select = within(dialog).getByRole('combobox', { name: /Category/ });
    expect(select).toHaveTextContent('General');
    fireEvent.mouseDown(select);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Bug', 'Feature request', 'Question', 'General', 'Other']);
  });

  it('keeps Send disabled while the trimmed message is empty', async () => {
    const { dialog } = await openDialog();
    const send = within(dialog).getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Message' }), { target: { value: '   \n ' } });
    expect(send).toBeDisabled();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Message' }), { target: { value: ' The silks room is cold ' } });
    expect(send).toBeEnabled();
  });

  it('sends the trimmed message and category and thanks the member', async () => {
    const { dialog, calls } = await openDialog({
      SubmitFeedback: {
        data: {
          submitFeedback: {
            __typename: 'Feedback',
            id: 'f1',
            category: 'bug',
            message: 'x',
            page: '/dashboard',
            createdAt: '2025-01-01T00:00:00Z',
          },
        },
      },
    });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Category/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Bug' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Message' }), { target: { value: '  Booking button overlaps  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Feedback Submitted');
    expect(toast).toHaveTextContent("Thank you for your feedback! We'll review it soon.");
    expect(calls.find((c) => c.operationName === 'SubmitFeedback')?.variables).toEqual({
      input: { category: 'bug', message: 'Booking button overlaps', page: '/dashboard' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send feedback' })).not.toBeInTheDocument());
  });

  it("shows 'Failed to submit feedback. Please try again.' when sending fails", async () => {
    const { dialog } = await openDialog({ SubmitFeedback: gqlError('INTERNAL_SERVER_ERROR', 'Something went wrong on our side.') });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Message' }), { target: { value: 'Hello' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to submit feedback. Please try again.');
    expect(screen.getByTestId('toast')).toHaveTextContent('Failed to submit feedback. Please try again.');
    expect(screen.getByRole('dialog', { name: 'Send feedback' })).toBeInTheDocument();
  });

  it('shows the wait the server asks for when the member sent too much feedback', async () => {
    const wait = 'You have sent a lot of feedback in a short time. Please wait 9 minutes before sending more.';
    const { dialog } = await openDialog({ SubmitFeedback: gqlError('RATE_LIMITED', wait) });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Message' }), { target: { value: 'Hello' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(wait);
    expect(screen.getByTestId('toast')).toHaveTextContent(wait);
    expect(within(dialog).getByRole('textbox', { name: 'Message' })).toHaveValue('Hello');
  });
});
