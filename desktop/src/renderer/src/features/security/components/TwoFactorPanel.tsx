import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Code, Group, Image, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { messages, type TwoFactorSetupAnswer } from '@kafue/common/contract';
import { unwrap } from '../../../lib/api';
import { copyText } from '../../../lib/clipboard';
import { recheckSession, useAuth } from '../../../lib/session';
import { failureToast, toast } from '../../../lib/toast';
import { securityApi } from '../api/securityApi';

/** The code input of the setup and turn-off forms. */
function CodeInput({
  value,
  onChange,
  label = 'Code from your authenticator app',
}: {
  value: string;
  onChange: (v: string) => void;
  label?: string;
}) {
  return (
    <TextInput
      label={label}
      required
      autoComplete="one-time-code"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      maw={260}
    />
  );
}

/** The ten recovery codes, shown once right after two-factor sign-in is turned on. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Stack>
      <Alert color="yellow" variant="light" title="Save your recovery codes">
        Each code signs you in once if you lose your authenticator app. They are shown only now: copy them somewhere safe.
      </Alert>
      <SimpleGrid cols={2} component="ul" aria-label="Recovery codes" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {codes.map((c) => (
          <li key={c}>
            <Code fz="md">{c}</Code>
          </li>
        ))}
      </SimpleGrid>
      <Group>
        <Button
          variant="light"
          onClick={() =>
            void copyText(codes.join('\n')).then(
              () => toast('success', 'Recovery codes copied'),
              () => toast('error', 'Could not copy the codes; select and copy them by hand.'),
            )
          }
        >
          Copy codes
        </Button>
        <Button onClick={onDone}>I have saved my codes</Button>
      </Group>
    </Stack>
  );
}

/**
 * Two-factor sign-in: set up (QR code, the secret for typing in by hand, a code to
 * confirm), the recovery codes shown once, and turning it off with the password and a code.
 */
export function TwoFactorPanel() {
  const enabled = useAuth((s) => s.twoFactorEnabled);
  const [setup, setSetup] = useState<TwoFactorSetupAnswer | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const start = useMutation({
    mutationFn: () => unwrap(securityApi.twoFactorSetup()),
    onSuccess: (answer) => {
      setSetup(answer);
      setCode('');
    },
    onError: (error) => failureToast(error, messages.somethingWentWrong),
  });
  const enable = useMutation({
    mutationFn: (value: string) => unwrap(securityApi.twoFactorEnable(value)),
    onSuccess: (answer) => {
      setRecoveryCodes(answer.recoveryCodes);
      setSetup(null);
      setCode('');
      toast('success', answer.message);
    },
    onError: (error) => failureToast(error, messages.somethingWentWrong),
  });
  const disable = useMutation({
    mutationFn: () => unwrap(securityApi.twoFactorDisable({ password, code })),
    onSuccess: async (answer) => {
      setPassword('');
      setCode('');
      toast('success', answer.message);
      await recheckSession();
    },
    onError: (error) => failureToast(error, messages.somethingWentWrong),
  });

  if (recoveryCodes) {
    return (
      <RecoveryCodes
        codes={recoveryCodes}
        onDone={() => {
          setRecoveryCodes(null);
          void recheckSession();
        }}
      />
    );
  }

  if (setup) {
    const submit = (e: FormEvent) => {
      e.preventDefault();
      enable.mutate(code);
    };
    return (
      <form onSubmit={submit}>
        <Stack>
          <Text size="sm">
            Scan this QR code with an authenticator app (such as Aegis, Google Authenticator or 1Password), then enter the code it shows.
          </Text>
          <Image src={setup.qrCodeDataUrl} alt="QR code to add this account to an authenticator app" w={200} h={200} fit="contain" />
          <div>
            <Text size="sm" id="totp-secret-label">
              Cannot scan it? Enter this key in the app instead:
            </Text>
            <Group gap="xs">
              <Code fz="sm" aria-labelledby="totp-secret-label" style={{ wordBreak: 'break-all' }}>
                {setup.secret}
              </Code>
              <Button
                size="xs"
                variant="subtle"
                onClick={() =>
                  void copyText(setup.secret).then(
                    () => toast('success', 'Key copied'),
                    () => toast('error', 'Could not copy the key; select and copy it by hand.'),
                  )
                }
              >
                Copy key
              </Button>
            </Group>
          </div>
          <CodeInput value={code} onChange={setCode} />
          <Group>
            <Button type="submit" disabled={enable.isPending}>
              {enable.isPending ? 'Turning on...' : 'Turn on'}
            </Button>
            <Button variant="default" onClick={() => setSetup(null)} disabled={enable.isPending}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  if (!enabled) {
    return (
      <Stack align="flex-start">
        <Badge color="gray" variant="light">
          Off
        </Badge>
        <Text size="sm">Protect your account with a code from an authenticator app at every sign-in.</Text>
        <Button onClick={() => start.mutate()} disabled={start.isPending}>
          {start.isPending ? 'Preparing...' : 'Set up two-factor authentication'}
        </Button>
      </Stack>
    );
  }

  const submitDisable = (e: FormEvent) => {
    e.preventDefault();
    disable.mutate();
  };
  return (
    <form onSubmit={submitDisable}>
      <Stack align="flex-start">
        <Badge color="green" variant="light">
          On
        </Badge>
        <Text size="sm">To turn two-factor authentication off, confirm with your password and a code (or a recovery code).</Text>
        <PasswordInput
          label="Password"
          required
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          w={260}
        />
        <CodeInput value={code} onChange={setCode} label="Code or recovery code" />
        <Button type="submit" color="red" variant="light" disabled={disable.isPending}>
          {disable.isPending ? 'Turning off...' : 'Turn off two-factor authentication'}
        </Button>
      </Stack>
    </form>
  );
}
