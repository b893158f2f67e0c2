package media_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"zuum/localstack/cloudtest"
	"zuum/shared/media"
	"zuum/shared/media/mediatest"
	"zuum/shared/schema"
)

// finals lists the objects under the final prefix.
func finals(t *testing.T, c *cloudtest.Cloud) []string {
	t.Helper()
	out, err := c.S3.ListObjectsV2(context.Background(), &s3.ListObjectsV2Input{
		Bucket: aws.String(schema.Media.Name), Prefix: aws.String(schema.FinalPrefix),
	})
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, o := range out.Contents {
		keys = append(keys, aws.ToString(o.Key))
	}
	return keys
}

func read(t *testing.T, c *cloudtest.Cloud, key string) ([]byte, string) {
	t.Helper()
	out, err := c.S3.GetObject(context.Background(), &s3.GetObjectInput{Bucket: aws.String(schema.Media.Name), Key: &key})
	if err != nil {
		t.Fatalf("get %s: %v", key, err)
	}
	defer out.Body.Close()
	b, _ := io.ReadAll(out.Body)
	return b, aws.ToString(out.ContentType)
}

func TestClaim_CopiesAGenuineUploadToAKeyNoUploadFormCanName(t *testing.T) {
	t.Parallel()
	c, store := newStore(t)
	ctx := context.Background()
	song := mediatest.ID3(200, mediatest.MP3Xing(383))
	put(t, c, "uploads/u1/audio/a.mp3", "audio/mpeg", song)

	m, err := store.Claim(ctx, "u1", "uploads/u1/audio/a.mp3", media.Audio)
	if err != nil || !m.OK() {
		t.Fatalf("%+v %v", m, err)
	}
	if !strings.HasPrefix(m.Key, "media/u1/audio/") || !strings.HasSuffix(m.Key, ".mp3") || media.OwnedBy(m.Key, "u1", media.Audio) {
		t.Errorf("key %q, want media/u1/audio/<uuid>.mp3", m.Key)
	}
	if math.Abs(m.Duration-383*mediatest.MP3FrameSeconds) > 1e-6 || m.ContentType != "audio/mpeg" || m.Size != int64(len(song)) {
		t.Errorf("meta %+v", m)
	}
	if b, ct := read(t, c, m.Key); !bytes.Equal(b, song) || ct != "audio/mpeg" {
		t.Errorf("the copy holds %d bytes of %q", len(b), ct)
	}
	if _, err := c.S3.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String(schema.Media.Name), Key: aws.String("uploads/u1/audio/a.mp3")}); err != nil {
		t.Errorf("the upload is the caller's to delete: %v", err)
	}
}

func TestClaim_RefusesWhatTheMediaFunctionWouldAndLeavesNoCopy(t *testing.T) {
	t.Parallel()
	c, store := newStore(t)
	ctx := context.Background()
	put(t, c, "uploads/u1/audio/a.wav", "audio/wav", mediatest.Attacks["wav header then text"])
	put(t, c, "uploads/u1/image/a.png", "image/png", mediatest.Attacks["png header then script"])
	put(t, c, "uploads/u2/audio/b.wav", "audio/wav", mediatest.WAV(1))
	put(t, c, "uploads/u1/video/c.mp4", "video/mp4", mediatest.MP4("isom", 2, 0, false)[:60])
	cases := []struct {
		key    string
		kind   media.Kind
		reason string
	}{
		{"uploads/u1/audio/a.wav", media.Audio, "the bytes are not a valid audio/wav file: no fmt chunk"},
		{"uploads/u1/image/a.png", media.Image, "the bytes are not a valid image/png file: its header does not decode"},
		{"uploads/u2/audio/b.wav", media.Audio, "the key is not one of the caller's audio uploads"},
		{"uploads/u1/audio/a.wav", media.Video, "the key is not one of the caller's video uploads"},
		{"uploads/u1/video/c.mp4", media.Video, `the bytes are not a valid video/mp4 file: the "moov" box runs past the end of the file`},
	}
	for _, tc := range cases {
		m, err := store.Claim(ctx, "u1", tc.key, tc.kind)
		if err != nil || m.OK() || m.Key != tc.key || !strings.HasPrefix(m.Reason, tc.reason) {
			t.Errorf("%s as %s: %+v %v, want %q", tc.key, tc.kind, m, err, tc.reason)
		}
	}
	if _, err := store.Claim(ctx, "u1", "uploads/u1/audio/missing.wav", media.Audio); !errors.Is(err, media.ErrNoObject) {
		t.Errorf("missing: %v, want ErrNoObject", err)
	}
	if left := finals(t, c); len(left) != 0 {
		t.Errorf("refused claims left %v", left)
	}
}

func TestClaim_StoresAPictureReencodedWithoutItsEXIF(t *testing.T) {
	t.Parallel()
	c, store := newStore(t)
	shot := mediatest.WithEXIF(mediatest.JPEGOf(mediatest.Picture(32, 16)), 1)
	put(t, c, "uploads/u1/image/a.jpg", "image/jpeg", shot)
	m, err := store.Claim(context.Background(), "u1", "uploads/u1/image/a.jpg", media.Image)
	if err != nil || !m.OK() || !strings.HasPrefix(m.Key, "media/u1/image/") || !strings.HasSuffix(m.Key, ".jpg") {
		t.Fatalf("%+v %v", m, err)
	}
	b, ct := read(t, c, m.Key)
	if bytes.Contains(b, mediatest.GPSLatitude) || ct != "image/jpeg" || int64(len(b)) != m.Size {
		t.Errorf("stored %d bytes of %q, GPS kept: %v", len(b), ct, bytes.Contains(b, mediatest.GPSLatitude))
	}
}
