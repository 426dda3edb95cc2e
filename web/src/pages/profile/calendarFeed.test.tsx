import { act, fireEvent, screen, within } from '@testing-library/react';
import { fakeSession, makeUser, renderApp } from '../../../test/utils';
import { CalendarFeedSection, googleCalendarLink } from './CalendarFeedSection';

const link = (secret: string) => ({
  __typename: 'CalendarFeedLink',
  url: `https://studio.example/api/calendar/${secret}.ics`,
  webcalUrl: `webcal://studio.example/api/calendar/${secret}.ics`,
});

function renderFeed(handlers = {}) {
  return renderApp(<CalendarFeedSection hasFamily />, {
    session: fakeSession({ user: makeUser({ role: 'parent' }) }),
    handlers: { MyCalendarFeed: { data: { myCalendarFeed: link('old-secret') } }, ...handlers },
  });
}

it('shows the private feed address with copy, open-in-app and Google links', async () => {
  const writeText = jest.fn(async () => undefined);
  Object.assign(navigator, { clipboard: { writeText } });
  renderFeed();
  const field = await screen.findByRole('textbox', { name: 'Private calendar link' });
  expect(field).toHaveValue('https://studio.example/api/calendar/old-secret.ics');
  expect(field).toHaveAttribute('readonly');
  expect(screen.getByText(/your and your family’s bookings appear there/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute(
    'href',
    'webcal://studio.example/api/calendar/old-secret.ics',
  );
  expect(screen.getByRole('link', { name: 'Add to Google Calendar' })).toHaveAttribute(
    'href',
    googleCalendarLink('webcal://studio.example/api/calendar/old-secret.ics'),
  );
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy link' })));
  expect(writeText).toHaveBeenCalledWith('https://studio.example/api/calendar/old-secret.ics');
  expect(await screen.findByTestId('toast')).toHaveTextContent('Link copied');
});

it('resets the link only after confirming, and shows the new one', async () => {
  const { calls } = renderFeed({ ResetCalendarFeed: { data: { resetCalendarFeed: link('new-secret') } } });
  await screen.findByDisplayValue(/old-secret/);
  fireEvent.click(screen.getByRole('button', { name: 'Reset link' }));
  const dialog = await screen.findByRole('dialog', { name: 'Reset your calendar link?' });
  expect(dialog).toHaveTextContent('The current link stops working at once');
  expect(calls.map((op) => op.operationName)).not.toContain('ResetCalendarFeed');
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Reset link' })));
  expect(await screen.findByDisplayValue('https://studio.example/api/calendar/new-secret.ics')).toBeInTheDocument();
  expect(await screen.findByTestId('toast')).toHaveTextContent('Calendar link reset');
  expect(calls.filter((op) => op.operationName === 'ResetCalendarFeed')).toHaveLength(1);
});
