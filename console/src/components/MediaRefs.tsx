import { Anchor, Group, Paper, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { get, seg } from "../api";
import { ErrorNote } from "./States";

interface MediaView {
  mediaId: string;
  contentType: string;
  contentLength: number;
  url: string;
}

const TOKEN = /@@@langfuseMedia:type=([^|@]+)\|id=([^|@]+)\|source=([^|@]+)@@@/g;

/** The media an SDK replaced by reference tokens in a body, each once, in order of appearance (docs/media.md). */
export function mediaTokens(text: string): { id: string; type: string }[] {
  const seen = new Map<string, string>();
  for (const m of text.matchAll(TOKEN)) if (!seen.has(m[2]!)) seen.set(m[2]!, m[1]!);
  return [...seen].map(([id, type]) => ({ id, type }));
}

/** One media file: its short-lived URL is asked for when shown, and shown as an image, a player or a link. */
function MediaItem({ id, type }: { id: string; type: string }) {
  // The URL lives an hour (docs/media.md, "Reading"): ask again well before it ends.
  const media = useQuery({
    queryKey: ["media", id],
    queryFn: () => get<MediaView>(`/v1/media/${seg(id)}`),
    staleTime: 30 * 60_000,
    refetchInterval: 30 * 60_000,
    retry: false,
  });
  if (media.error) return <ErrorNote error={media.error} />;
  if (!media.data)
    return (
      <Text size="xs" c="dimmed">
        Loading {type}…
      </Text>
    );
  const { url, contentType, contentLength } = media.data;
  const label = `${contentType}, ${contentLength < 1024 ? `${contentLength} B` : `${Math.round(contentLength / 1024)} KB`}`;
  if (contentType.startsWith("image/"))
    return (
      <img
        src={url}
        alt={`media ${id} (${label})`}
        data-testid="media-image"
        style={{ maxWidth: "100%", maxHeight: 320, objectFit: "contain" }}
      />
    );
  if (contentType.startsWith("audio/"))
    // biome-ignore lint/a11y/useMediaCaption: the SDK's uploaded media has no caption track to offer.
    return <audio controls src={url} data-testid="media-audio" aria-label={`audio ${id} (${label})`} />;
  if (contentType.startsWith("video/"))
    return (
      // biome-ignore lint/a11y/useMediaCaption: the SDK's uploaded media has no caption track to offer.
      <video
        controls
        src={url}
        data-testid="media-video"
        aria-label={`video ${id} (${label})`}
        style={{ maxWidth: "100%", maxHeight: 320 }}
      />
    );
  return (
    <Anchor href={url} target="_blank" rel="noreferrer" data-testid="media-link" size="sm">
      Open {label}
    </Anchor>
  );
}

/** The media a body's reference tokens name, below the body. */
export function MediaRefs({ text, label }: { text: string; label: string }) {
  const tokens = mediaTokens(text);
  if (tokens.length === 0) return null;
  return (
    <Paper withBorder p="xs" data-testid={`${label.toLowerCase()}-media`}>
      <Stack gap={6}>
        <Text size="xs" fw={700} tt="uppercase" c="dimmed">
          Media
        </Text>
        <Group gap="sm" align="flex-start">
          {tokens.map((t) => (
            <MediaItem key={t.id} id={t.id} type={t.type} />
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}
