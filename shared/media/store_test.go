package media_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"zuum/localstack/cloudtest"
	"zuum/shared/failure"
	"zuum/shared/media"
	"zuum/shared/media/mediatest"
	"zuum/shared/schema"
)

func newStore(t *testing.T) (*cloudtest.Cloud, *media.Store) {
	t.Helper()
	c := cloudtest.Start(t)
	return c, media.NewStore(c.S3, schema.Media.Name)
}

func put(t *testing.T, c *cloudtest.Cloud, key, contentType string, body []byte) {
	t.Helper()
	if _, err := c.S3.PutObject(context.Background(), &s3.PutObjectInput{
		Bucket: aws.String(schema.Media.Name), Key: &key, ContentType: &contentType, Body: bytes.NewReader(body),
	}); err != nil {
		t.Fatalf("put %s: %v", key, err)
	}
}

func TestPresignPost_SignsExactlyThatKeyTypeAndSizeForFifteenMinutes(t *testing.T) {
	t.Parallel()
	c, store := newStore(t)
	before := time.Now().UTC().Truncate(time.Second)
	tk, err := store.PresignPost(context.Background(), "u1", "audio", "audio/mp3", 1234, "My Song.mp3")
	after := time.Now().UTC()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(tk.Key, "uploads/u1/audio/") || !strings.HasSuffix(tk.Key, ".mp3") || len(tk.Key) != len("uploads/u1/audio/")+36+4 {
		t.Errorf("key %q, want uploads/u1/audio/<uuid>.mp3", tk.Key)
	}
	if !media.OwnedBy(tk.Key, "u1", media.Audio) {
		t.Errorf("OwnedBy(%q) is false", tk.Key)
	}
	if tk.URL != c.URL+"/"+schema.Media.Name || tk.Method != "POST" || tk.MaxSize != 52428799 {
		t.Errorf("url %q method %q max %d", tk.URL, tk.Method, tk.MaxSize)
	}
	for _, f := range []string{"key", "policy", "Content-Type", "X-Amz-Algorithm", "X-Amz-Credential", "X-Amz-Date", "X-Amz-Signature"} {
		if tk.Fields[f] == "" {
			t.Errorf("field %s missing from %v", f, tk.Fields)
		}
	}
	if tk.Fields["key"] != tk.Key || tk.Fields["Content-Type"] != "audio/mpeg" {
		t.Errorf("fields key %q type %q", tk.Fields["key"], tk.Fields["Content-Type"])
	}
	if tk.ExpiresAt.Before(before.Add(15*time.Minute)) || tk.ExpiresAt.After(after.Add(15*time.Minute)) {
		t.Errorf("expires %v, want 15 minutes after %v", tk.ExpiresAt, before)
	}

	raw, err := base64.StdEncoding.DecodeString(tk.Fields["policy"])
	if err != nil {
		t.Fatal(err)
	}
	var policy struct {
		Expiration time.Time `json:"expiration"`
		Conditions []any     `json:"conditions"`
	}
	if err := json.Unmarshal(raw, &policy); err != nil {
		t.Fatal(err)
	}
	if !policy.Expiration.Equal(tk.ExpiresAt) {
		t.Errorf("policy expires %v, ticket says %v", policy.Expiration, tk.ExpiresAt)
	}
	for _, want := range []any{
		map[string]any{"key": tk.Key},
		map[string]any{"bucket": schema.Media.Name},
		[]any{"eq", "$Content-Type", "audio/mpeg"},
		[]any{"content-length-range", 1.0, 52428799.0},
	} {
		found := false
		for _, got := range policy.Conditions {
			found = found || reflect.DeepEqual(got, want)
		}
		if !found {
			t.Errorf("policy lacks %v: %s", want, raw)
		}
	}
}

func TestPresignPost_RefusesWhatValidateRefuses(t *testing.T) {
	t.Parallel()
	_, store := newStore(t)
	_, err := store.PresignPost(context.Background(), "u1", "image", "image/png", 5<<20, "a.png")
	var fe *failure.Error
	if !errors.As(err, &fe) || len(fe.Fields) != 1 || fe.Fields[0].Msg != "Image must be less than 5MB" {
		t.Fatalf("err = %v", err)
	}
}

func TestExamine_JudgesTheBytesAgainstTheKeysKindAndStoredType(t *testing.T) {
	t.Parallel()
	c, store := newStore(t)
	ctx := context.Background()
	cases := []struct {
		name, key, storedAs string
		body                []byte
		status              media.Status
		ct                  string
		duration            float64
		reason              string
	}{
		{"wav", "uploads/u1/audio/a.wav", "audio/wav", mediatest.WAV(2), media.StatusOK, "audio/wav", 2, ""},
		{"mp3 with a long tag", "uploads/u1/audio/a.mp3", "audio/mpeg", mediatest.ID3(3*media.SniffLen, mediatest.MP3Xing(100)), media.StatusOK, "audio/mpeg", 100 * mediatest.MP3FrameSeconds, ""},
		{"aac past a tag longer than the first read", "uploads/u1/audio/t.aac", "audio/aac", mediatest.ID3(100<<10, mediatest.ADTS(10)), media.StatusOK, "audio/aac", 10 * mediatest.ADTSFrameSeconds, ""},
		{"mp4 stored as quicktime", "uploads/u1/video/a.mov", "video/quicktime", mediatest.MP4("isom", 3, 0, true), media.StatusOK, "video/mp4", 3, ""},
		{"png", "uploads/u1/image/a.png", "image/png", mediatest.PNG(), media.StatusOK, "image/png", 0, ""},
		{"text as audio", "uploads/u1/audio/b.mp3", "audio/mpeg", []byte("hello, not audio"), media.StatusRejected, "", 0, "the bytes are not a valid audio file"},
		{"png as audio", "uploads/u1/audio/c.mp3", "audio/mpeg", mediatest.PNG(), media.StatusRejected, "image/png", 0, "the bytes are image/png, not audio"},
		{"wav stored as mp3", "uploads/u1/audio/d.mp3", "audio/mpeg", mediatest.WAV(1), media.StatusRejected, "audio/wav", 0, `stored as "audio/mpeg" but the bytes are audio/wav`},
		{"image too big", "uploads/u1/image/big.png", "image/png", make([]byte, 5<<20), media.StatusRejected, "", 0, "5242880 bytes is over the image limit of 5242879"},
		{"wav header then text", "uploads/u1/audio/e.wav", "audio/wav", mediatest.Attacks["wav header then text"], media.StatusRejected, "audio/wav", 0, "the bytes are not a valid audio/wav file: no fmt chunk"},
		{"empty", "uploads/u1/image/empty.png", "image/png", nil, media.StatusRejected, "", 0, "the object is empty"},
		{"not an upload key", "uploads/u1/stuff.png", "image/png", mediatest.PNG(), media.StatusRejected, "", 0, "the key is not uploads/<user>/<kind>/<name> with kind audio, video or image"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			put(t, c, tc.key, tc.storedAs, tc.body)
			m, err := store.Examine(ctx, tc.key)
			if err != nil {
				t.Fatal(err)
			}
			if m.Key != tc.key || m.Status != tc.status || m.ContentType != tc.ct || m.Reason != tc.reason ||
				math.Abs(m.Duration-tc.duration) > 1e-6 || m.CheckedAt.IsZero() {
				t.Errorf("got %+v", m)
			}
			if tc.status == media.StatusOK && m.Size != int64(len(tc.body)) {
				t.Errorf("size %d, want %d", m.Size, len(tc.body))
			}
			if _, err := c.S3.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String(schema.Media.Name), Key: &tc.key}); err != nil {
				t.Errorf("Examine must delete nothing: %v", err)
			}
		})
	}
	if _, err := store.Examine(ctx, "uploads/u1/audio/missing.wav"); !errors.Is(err, media.ErrNoObject) {
		t.Errorf("missing: %v, want ErrNoObject", err)
	}
}

func TestCatalog_RecordGetForget(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	ctx := context.Background()
	cat := media.NewCatalog(c.DynamoDB, schema.Posts.Name)
	at := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	ok := media.Meta{Key: "uploads/u1/audio/a.wav", ContentType: "audio/wav", Size: 16044, Duration: 2, Status: media.StatusOK, CheckedAt: at}
	bad := media.Meta{Key: "uploads/u1/audio/b.mp3", Size: 5, Status: media.StatusRejected, Reason: "the bytes are not a valid audio file", CheckedAt: at}
	for _, m := range []media.Meta{ok, bad} {
		if err := cat.Record(ctx, m); err != nil {
			t.Fatal(err)
		}
		got, found, err := cat.Get(ctx, m.Key)
		if err != nil || !found || !reflect.DeepEqual(got, m) {
			t.Errorf("Get(%s) = %+v %v %v, want %+v", m.Key, got, found, err, m)
		}
	}
	if _, found, err := cat.Get(ctx, "uploads/u1/audio/never.wav"); found || err != nil {
		t.Errorf("unchecked key: found %v err %v", found, err)
	}
	keys := []string{ok.Key, bad.Key, "", ok.Key, "uploads/u1/audio/never.wav"}
	for i := range 30 { // more than one BatchWriteItem holds
		keys = append(keys, "uploads/u1/audio/other-"+string(rune('a'+i)))
	}
	if err := cat.Forget(ctx, keys...); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{ok.Key, bad.Key} {
		if _, found, err := cat.Get(ctx, k); found || err != nil {
			t.Errorf("after Forget, %s: found %v err %v", k, found, err)
		}
	}
}
