import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeSession, gqlError, makeUser, renderApp } from '../../../test/utils';
import { HealthSection } from './HealthSection';

const saved = {
  __typename: 'HealthDetails',
  allergies: 'Latex',
  medicalNotes: '',
  emergencyContactName: '',
  emergencyContactPhone: '',
  emergencyContactRelationship: '',
  updatedAt: '2030-01-01T10:00:00Z',
};
const user = makeUser();
const myHealth = (health: typeof saved | null) => ({ data: { me: { __typename: 'User', id: user.id, health } } });
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

it('shows the saved details and saves changes for oneself', async () => {
  const { calls } = renderApp(<HealthSection />, {
    session: fakeSession({ user }),
    handlers: {
      MyHealth: myHealth(saved),
      UpdateHealthDetails: {
        data: { updateHealthDetails: { __typename: 'User', id: user.id, health: { ...saved, medicalNotes: 'Asthma' } } },
      },
    },
  });
  expect(await screen.findByLabelText('Allergies')).toHaveValue('Latex');
  type('Medical notes', 'Asthma');
  fireEvent.click(screen.getByRole('button', { name: 'Save health details' }));
  expect(await screen.findByText('Health details saved')).toBeInTheDocument();
  expect(calls.find((c) => c.operationName === 'UpdateHealthDetails')?.variables).toEqual({
    personId: user.id,
    input: {
      allergies: 'Latex',
      medicalNotes: 'Asthma',
      emergencyContactName: '',
      emergencyContactPhone: '',
      emergencyContactRelationship: '',
    },
  });
});

it('checks the phone and puts the server’s messages under the fields', async () => {
  const { calls } = renderApp(<HealthSection />, {
    session: fakeSession({ user }),
    handlers: {
      MyHealth: myHealth(null),
      UpdateHealthDetails: gqlError('BAD_USER_INPUT', 'Enter at most 500 characters.', { allergies: 'Enter at most 500 characters.' }),
    },
  });
  await screen.findByLabelText('Allergies');
  type('Emergency contact', 'Ada');
  type('Emergency contact phone', 'call me');
  fireEvent.click(screen.getByRole('button', { name: 'Save health details' }));
  expect(await screen.findByText('Use digits, spaces and + ( ) - . only.')).toBeInTheDocument();
  expect(calls.map((c) => c.operationName)).not.toContain('UpdateHealthDetails');
  type('Emergency contact phone', '555 0100');
  fireEvent.click(screen.getByRole('button', { name: 'Save health details' }));
  await waitFor(() => expect(screen.getByText('Enter at most 500 characters.')).toBeInTheDocument());
});
