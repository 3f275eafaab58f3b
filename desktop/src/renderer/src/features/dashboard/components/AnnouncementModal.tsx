import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { calls } from '@kafue/common/calls';
import { announcementBody } from '@kafue/common/schemas';
import { call, unwrap } from '../../../lib/api';
import { failureToast, toast } from '../../../lib/toast';
import { fieldErrors } from '../../../lib/validate';
import { announcementReach } from '../dashboardView';

const empty = { subject: '', message: '' };

/** Send Announcement: a subject and a message mailed to every Active staff member (`reach` of them). */
export function AnnouncementModal({ opened, onClose, reach }: { opened: boolean; onClose: () => void; reach: number }) {
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const close = () => {
    setValues(empty);
    setErrors({});
    onClose();
  };
  const send = useMutation({
    mutationFn: () => unwrap(call(calls.sendAnnouncement, { body: values })),
    onSuccess(answer) {
      toast('success', answer.message);
      close();
    },
    onError: (error) => failureToast(error, 'The announcement could not be sent.'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = fieldErrors(announcementBody, values);
    setErrors(found ?? {});
    if (!found) send.mutate();
  };

  return (
    <Modal opened={opened} onClose={close} title="Send Announcement" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Subject"
            description="The mail's subject line."
            required
            data-autofocus
            value={values.subject}
            error={errors.subject}
            onChange={(e) => setValues({ ...values, subject: e.currentTarget.value })}
          />
          <Textarea
            label="Message"
            required
            autosize
            minRows={4}
            value={values.message}
            error={errors.message}
            onChange={(e) => setValues({ ...values, message: e.currentTarget.value })}
          />
          <Alert color="blue" variant="light" data-testid="announcement-reach">
            {announcementReach(reach)} Each receives it once, by e-mail.
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={send.isPending} disabled={reach === 0}>
              Send to {reach === 1 ? '1 person' : `${reach} people`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
