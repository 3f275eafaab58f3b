import { Button, Paper, Text, TextInput, Title } from '@mantine/core';
import { defaultHero, heroVideoAdvice, type HeroSettings } from '@kafue/common/hero';
import { heroSettings } from '@kafue/common/schemas';
import { LoadedForm } from '../../../components/LoadedForm';
import { useLoadedForm } from '../../../lib/useLoadedForm';
import { MediaPicker } from '../../../components/MediaPicker';
import { useHeroSettings, useSaveHeroSettings } from '../api/useHeroSettings';

/** Settings › Company, second panel: the home page's background video, published with the home page when saved. */
export function HeroVideoSettings() {
  const { data: saved, isPending: loading } = useHeroSettings();
  const save = useSaveHeroSettings();
  const { values, setValues, errors, submit } = useLoadedForm<HeroSettings>(saved, defaultHero, heroSettings, (v) => save.mutate(v));
  return (
    <Paper withBorder p="lg" maw={640}>
      <LoadedForm loading={loading} onSubmit={submit} aria-labelledby="hero-video-heading">
        <Title order={2} size="h4" id="hero-video-heading">
          Home page video
        </Title>
        <Text size="sm" c="dimmed">
          Plays behind the home page&apos;s heading on computers only. Phones, slow connections and visitors who save data see a still
          picture instead.
        </Text>
        <TextInput
          label="Video address"
          description={`The full address starting with https://, or a file of this site such as /media/hero.mp4. ${heroVideoAdvice}`}
          required
          value={values.videoUrl}
          error={errors.videoUrl}
          onChange={(e) => setValues({ ...values, videoUrl: e.currentTarget.value })}
        />
        <MediaPicker
          label="Video from the media library"
          description="Plays in place of the address above when chosen."
          kind="video"
          value={values.video}
          error={errors.video}
          onChange={(video) => setValues({ ...values, video })}
        />
        <MediaPicker
          label="Still picture"
          description="Shown on phones and until the video plays; without one, the built-in picture."
          kind="image"
          value={values.poster}
          error={errors.poster}
          onChange={(poster) => setValues({ ...values, poster })}
        />
        <Button type="submit" loading={save.isPending} w="fit-content">
          Save Video
        </Button>
      </LoadedForm>
    </Paper>
  );
}
