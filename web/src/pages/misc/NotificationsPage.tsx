import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import Card from '@mui/material/Card';
import { EmptyState } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';

export default function NotificationsPage() {
  return (
    <PageFrame title="Notifications" subtitle="Class reminders, check-in alerts and payment updates." maxWidth="md">
      <Card>
        <EmptyState icon={<NotificationsNoneOutlined />} title="You're all caught up">
          You have no notifications yet. Live notifications are coming soon.
        </EmptyState>
      </Card>
    </PageFrame>
  );
}
