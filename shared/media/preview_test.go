package media_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"zuum/shared/media"
	"zuum/shared/media/mediatest"
	"zuum/shared/schema"
)

// cutPreview cuts a 10-second preview of b and measures it with the package's own duration code.
func cutPreview(t *testing.T, contentType string, b []byte) ([]byte, float64) {
	t.Helper()
	out, err := media.Cut(contentType, bytes.NewReader(b), int64(len(b)), media.PreviewSeconds)
	if err != nil {
		t.Fatalf("cut %s: %v", contentType, err)
	}
	m := media.ExamineFile(bytes.NewReader(out), int64(len(out)), media.Audio, contentType)
	if !m.OK() {
		t.Fatalf("the preview of a %s does not pass ExamineFile: %s", contentType, m.Reason)
	}
	return out, m.Duration
}

func TestCut_WAVKeepsExactlyTenSecondsOfSamples(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name    string
		seconds float64
		want    float64
	}{{"long", 30, 10}, {"exactly ten", 10, 10}, {"shorter than a preview", 3, 3}} {
		out, got := cutPreview(t, "audio/wav", mediatest.WAV(c.seconds))
		if got != c.want {
			t.Errorf("%s: the preview plays %v s, want %v", c.name, got, c.want)
		}
		if want := 44 + int(c.want*16000); len(out) != want {
			t.Errorf("%s: %d bytes, want %d (the header and the samples, nothing re-encoded)", c.name, len(out), want)
		}
	}
}

func TestCut_MP3KeepsWholeFramesAndDropsTheHeaderFrameThatCountsTheWholeFile(t *testing.T) {
	t.Parallel()
	frames := int(math.Ceil(10 / mediatest.MP3FrameSeconds)) // the frames that reach 10 s
	for name, b := range map[string][]byte{
		"constant bitrate": mediatest.MP3(2000),
		"Xing header":      mediatest.MP3Xing(2000),
		"VBRI header":      mediatest.MP3VBRI(2000),
		"ID3 tag first":    mediatest.ID3(300, mediatest.MP3Xing(2000)),
	} {
		out, got := cutPreview(t, "audio/mpeg", b)
		if len(out) != (1+frames)*417 || !bytes.Contains(out[:417], []byte("Info")) {
			t.Errorf("%s: %d bytes, want an Info frame and %d whole frames of 417", name, len(out), frames)
		}
		if got < 10 || got > 10+mediatest.MP3FrameSeconds {
			t.Errorf("%s: the preview plays %v s, want 10 s to a frame more", name, got)
		}
	}
	if _, got := cutPreview(t, "audio/mpeg", mediatest.MP3(50)); math.Abs(got-50*mediatest.MP3FrameSeconds) > 1e-9 {
		t.Errorf("a short MP3's preview plays %v s, want all of it", got)
	}
}

func TestCut_RefusesAudioItCannotCutWithoutReencoding(t *testing.T) {
	t.Parallel()
	for ct, b := range map[string][]byte{"audio/flac": mediatest.FLAC(30), "audio/aac": mediatest.ADTS(2000)} {
		if _, err := media.Cut(ct, bytes.NewReader(b), int64(len(b)), 10); !errors.Is(err, media.ErrNoPreview) {
			t.Errorf("%s: %v, want ErrNoPreview", ct, err)
		}
	}
}

// TestCut_FFprobeMeasuresTenSecondsOfRealAudio cuts audio that ffmpeg encoded (real MP3 frames
// with bit reservoirs, a LAME Info frame and ID3 tags) and has ffprobe measure the previews.
func TestCut_FFprobeMeasuresTenSecondsOfRealAudio(t *testing.T) {
	t.Parallel()
	ffmpeg, err1 := exec.LookPath("ffmpeg")
	ffprobe, err2 := exec.LookPath("ffprobe")
	if err1 != nil || err2 != nil {
		t.Skip("ffmpeg and ffprobe are not installed (Debian: apt-get install ffmpeg)")
	}
	dir := t.TempDir()
	for _, c := range []struct{ ext, contentType string }{{"mp3", "audio/mpeg"}, {"wav", "audio/wav"}} {
		src := filepath.Join(dir, "song."+c.ext)
		if out, err := exec.Command(ffmpeg, "-loglevel", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=37",
			"-ac", "2", "-ar", "44100", src).CombinedOutput(); err != nil {
			t.Fatalf("ffmpeg: %v %s", err, out)
		}
		b, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		preview, own := cutPreview(t, c.contentType, b)
		dst := filepath.Join(dir, "preview."+c.ext)
		if err := os.WriteFile(dst, preview, 0o600); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(ffprobe, "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", dst).Output()
		if err != nil {
			t.Fatalf("ffprobe %s: %v", c.ext, err)
		}
		probed, err := strconv.ParseFloat(strings.TrimSpace(string(out)), 64)
		if err != nil || probed < 9.97 || probed > 10.03 {
			t.Errorf("%s: ffprobe says the preview plays %q s, want 10 s", c.ext, out)
		}
		if own < 10 || own > 10.03 {
			t.Errorf("%s: media.Duration says %v s, want 10 s", c.ext, own)
		}
	}
}

func TestCutPreview_StoresTheCheckedPreviewBesideTheFullAudio(t *testing.T) {
	t.Parallel()
	c, store := newStore(t)
	full := media.FinalPrefixOf("u1", media.Audio) + "full.wav"
	put(t, c, full, "audio/wav", mediatest.WAV(25))
	m, err := store.CutPreview(context.Background(), "u1", full)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(m.Key, media.FinalPrefixOf("u1", media.Audio)) || !strings.HasSuffix(m.Key, "-preview.wav") ||
		m.Duration != 10 || m.ContentType != "audio/wav" {
		t.Fatalf("preview %+v", m)
	}
	got, err := c.S3.GetObject(context.Background(), &s3.GetObjectInput{Bucket: aws.String(schema.Media.Name), Key: &m.Key})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(got.Body)
	if d := media.Duration("audio/wav", bytes.NewReader(b), int64(len(b))); d != 10 || aws.ToString(got.ContentType) != "audio/wav" {
		t.Errorf("stored preview plays %v s as %s", d, aws.ToString(got.ContentType))
	}
	flac := media.FinalPrefixOf("u1", media.Audio) + "full.flac"
	put(t, c, flac, "audio/flac", mediatest.FLAC(25))
	if _, err := store.CutPreview(context.Background(), "u1", flac); !errors.Is(err, media.ErrNoPreview) {
		t.Errorf("FLAC: %v, want ErrNoPreview", err)
	}
}
