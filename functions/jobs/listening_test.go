package jobs_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"math"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	ddbtypes "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"zuum/functions/jobs"
	"zuum/localstack/apptest"
	"zuum/localstack/lambdas"
	"zuum/shared/media"
	"zuum/shared/media/mediatest"
	"zuum/shared/post"
	"zuum/shared/schema"
)

// upload stores body as owner's upload name of kind, returning its key.
func upload(t *testing.T, app *apptest.App, owner string, kind media.Kind, name, contentType string, body []byte) string {
	t.Helper()
	key := media.UserPrefix(owner, kind) + name
	if _, err := app.Cloud.S3.PutObject(context.Background(), &s3.PutObjectInput{
		Bucket: aws.String(schema.Media.Name), Key: aws.String(key), Body: bytes.NewReader(body), ContentType: aws.String(contentType),
	}); err != nil {
		t.Fatal(err)
	}
	return key
}

// stored is the post with id as the Posts table holds it.
func stored(t *testing.T, app *apptest.App, id string) post.Post {
	t.Helper()
	p, err := post.NewStore(post.Config{DB: app.Cloud.DynamoDB, Table: schema.Posts.Name, Users: schema.Users.Name}).Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// probed is what ffprobe says of a listening copy.
type probed struct {
	codec, profile string
	channels, rate int
	kbps, seconds  float64
	contentType    string
	bytesPerMinute float64
}

// probe downloads the object at key and has ffprobe measure it.
func probe(t *testing.T, app *apptest.App, key string) probed {
	t.Helper()
	ffprobe, err := exec.LookPath("ffprobe")
	if err != nil {
		t.Fatal("ffprobe is not installed (make test installs Debian's ffmpeg)")
	}
	out, err := app.Cloud.S3.GetObject(context.Background(), &s3.GetObjectInput{Bucket: aws.String(schema.Media.Name), Key: aws.String(key)})
	if err != nil {
		t.Fatalf("get %s: %v", key, err)
	}
	data, err := io.ReadAll(out.Body)
	out.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), filepath.Base(key))
	if err := os.WriteFile(file, data, 0o600); err != nil {
		t.Fatal(err)
	}
	raw, err := exec.Command(ffprobe, "-v", "error", "-select_streams", "a:0", "-show_entries",
		"stream=codec_name,profile,channels,sample_rate,bit_rate:format=duration", "-of", "json", file).Output()
	if err != nil {
		t.Fatalf("ffprobe %s: %v", key, err)
	}
	var got struct {
		Streams []struct {
			Codec    string `json:"codec_name"`
			Profile  string `json:"profile"`
			Channels int    `json:"channels"`
			Rate     string `json:"sample_rate"`
			BitRate  string `json:"bit_rate"`
		} `json:"streams"`
		Format struct {
			Duration string `json:"duration"`
		} `json:"format"`
	}
	if err := json.Unmarshal(raw, &got); err != nil || len(got.Streams) != 1 {
		t.Fatalf("ffprobe %s: %s %v", key, raw, err)
	}
	s := got.Streams[0]
	p := probed{codec: s.Codec, profile: s.Profile, channels: s.Channels, contentType: aws.ToString(out.ContentType)}
	p.rate, _ = strconv.Atoi(s.Rate)
	bits, _ := strconv.ParseFloat(s.BitRate, 64)
	p.kbps = bits / 1000
	p.seconds, _ = strconv.ParseFloat(got.Format.Duration, 64)
	p.bytesPerMinute = float64(len(data)) / p.seconds * 60
	return p
}

// listening is the audio_renditions of a post answer: bitrate → URL.
func listening(t *testing.T, p map[string]any) map[float64]string {
	t.Helper()
	rs, ok := p["audio_renditions"].([]any)
	if !ok {
		t.Fatalf("no audio_renditions in %v", p)
	}
	out := map[float64]string{}
	for _, r := range rs {
		r := r.(map[string]any)
		if r["format"] != "m4a" || r["url"] == "" {
			t.Errorf("rendition %v", r)
		}
		out[r["kbps"].(float64)] = r["url"].(string)
	}
	return out
}

// A minute of uploaded audio gets, beside it, a data-saver copy (AAC-LC, one channel, at most
// 64 kbit/s: at most half a megabyte a minute) and a normal one (AAC-LC, two channels, about
// 128 kbit/s: at most a megabyte a minute), measured by ffprobe, and the post's answer lists
// them with URLs signed as its audio's.
func TestPostCreated_MakesListeningCopiesOfAMinuteOfAudio(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ada := app.SignedIn(t, "ada")
	key := upload(t, app, ada.ID, media.Audio, "minute.wav", "audio/wav", mediatest.Music(60, 44100, 2))
	r := ada.JSON("POST", "/api/audio/create", map[string]any{"caption": "A minute of Lagos", "audio_upload": key})
	if r.Status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.Status, r.Raw)
	}
	id := r.Body["post"].(map[string]any)["id"].(string)
	app.NoFailedEvents(t)

	p := stored(t, app, id)
	if len(p.Listening) != 2 || p.Listening[0] != media.DataSaverKbps || p.Listening[1] != media.NormalKbps {
		t.Fatalf("recorded listening copies %v, want [64 128]", p.Listening)
	}
	for _, c := range []struct {
		kbps           int
		channels       int
		minKbps        float64
		maxKbps        float64
		maxBytesPerMin float64
	}{
		{media.DataSaverKbps, 1, 48, 64.5, 500_000},
		{media.NormalKbps, 2, 112, 136, 1_000_000},
	} {
		got := probe(t, app, media.ListeningKey(p.Media, c.kbps))
		if got.codec != "aac" || got.profile != "LC" || got.channels != c.channels || got.rate != 44100 ||
			got.kbps < c.minKbps || got.kbps > c.maxKbps || math.Abs(got.seconds-60) > 0.1 || got.contentType != media.ListeningType {
			t.Errorf("%d kbit/s copy: %+v, want AAC LC, %d channels, 44100 Hz, %.0f-%.1f kbit/s, 60 s, %s",
				c.kbps, got, c.channels, c.minKbps, c.maxKbps, media.ListeningType)
		}
		if got.bytesPerMinute > c.maxBytesPerMin {
			t.Errorf("%d kbit/s copy costs %.0f bytes a minute, want at most %.0f", c.kbps, got.bytesPerMinute, c.maxBytesPerMin)
		}
	}

	r = app.SignedIn(t, "listener").JSON("GET", "/api/audio/"+id, nil)
	if r.Status != http.StatusOK {
		t.Fatalf("get: %d %s", r.Status, r.Raw)
	}
	answer := r.Body["post"].(map[string]any)
	urls := listening(t, answer)
	for _, kbps := range media.ListeningKbps {
		if u := urls[float64(kbps)]; !strings.Contains(u, media.ListeningKey(p.Media, kbps)) {
			t.Errorf("%d kbit/s URL %q does not name its copy", kbps, u)
		}
	}
	if len(urls) != 2 || answer["audio_upload"] == "" {
		t.Errorf("answer lists %v beside %v", urls, answer["audio_upload"])
	}
}

// A beat's preview gets copies too; its owner is given the full audio's, everyone else the
// preview's, as audio_upload is chosen.
func TestPostCreated_ABeatsPreviewHasCopiesOfItsOwn(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	kel := app.SignedIn(t, "kel")
	r := kel.JSON("POST", "/api/beat/create", map[string]any{
		"caption": "Afro drill", "description": "Hard drums, dark keys.", "amount": 20,
		"audio_upload": upload(t, app, kel.ID, media.Audio, "beat.wav", "audio/wav", mediatest.Music(15, 22050, 1)),
		"cover_photo":  upload(t, app, kel.ID, media.Image, "cover.png", "image/png", mediatest.PNG()),
	})
	if r.Status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.Status, r.Raw)
	}
	id := r.Body["post"].(map[string]any)["id"].(string)
	app.NoFailedEvents(t)

	p := stored(t, app, id)
	if len(p.Listening) != 2 || len(p.Sale.Listening) != 2 {
		t.Fatalf("recorded copies %v, preview %v", p.Listening, p.Sale.Listening)
	}
	if got := probe(t, app, media.ListeningKey(p.Sale.Preview, media.DataSaverKbps)); math.Abs(got.seconds-media.PreviewSeconds) > 0.1 || got.channels != 1 {
		t.Errorf("the preview's data-saver copy: %+v", got)
	}
	for _, c := range []struct {
		who    *apptest.Client
		source string
	}{{kel.Client, p.Media}, {app.SignedIn(t, "buyer").Client, p.Sale.Preview}} {
		r := c.who.JSON("GET", "/api/beat/"+id, nil)
		if r.Status != http.StatusOK {
			t.Fatalf("get: %d %s", r.Status, r.Raw)
		}
		urls := listening(t, r.Body["post"].(map[string]any))
		if u := urls[media.DataSaverKbps]; len(urls) != 2 || !strings.Contains(u, media.ListeningKey(c.source, media.DataSaverKbps)) {
			t.Errorf("copies %v, want those of %s", urls, c.source)
		}
	}
}

// Audio ffmpeg cannot decode (ADTS headers over frames of zeros, which the upload check
// accepts) fails the job, which Lambda runs again; the post plays its original audio and lists
// no copies, and nothing is left behind.
func TestPostCreated_AFailedTranscodeIsRetriedAndThePostPlaysTheOriginal(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ada := app.SignedIn(t, "ada")
	key := upload(t, app, ada.ID, media.Audio, "broken.aac", "audio/aac", mediatest.ADTS(40))
	r := ada.JSON("POST", "/api/audio/create", map[string]any{"caption": "Static", "audio_upload": key})
	if r.Status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.Status, r.Raw)
	}
	id := r.Body["post"].(map[string]any)["id"].(string)
	failed := app.Settle(t)
	if len(failed) != 1 || failed[0].Function != lambdas.JobsFunction || failed[0].Attempts != 3 ||
		!strings.Contains(failed[0].Err, "ffmpeg") || !strings.Contains(string(failed[0].Payload), id) {
		t.Fatalf("failed events %+v, want the post's job after 3 attempts", failed)
	}
	r = ada.JSON("GET", "/api/audio/"+id, nil)
	answer := r.Body["post"].(map[string]any)
	if r.Status != http.StatusOK || answer["audio_upload"] == "" || len(listening(t, answer)) != 0 {
		t.Fatalf("get: %d %s", r.Status, r.Raw)
	}
	p := stored(t, app, id)
	for _, k := range media.ListeningKeys(p.Media) {
		if _, err := app.Cloud.S3.HeadObject(context.Background(), &s3.HeadObjectInput{Bucket: aws.String(schema.Media.Name), Key: aws.String(k)}); err == nil {
			t.Errorf("%s is stored", k)
		}
	}
}

// Posts made before listening copies existed get them from the backfill; a second run finds
// nothing left to do, and a post whose audio cannot be transcoded is counted, not fatal.
func TestBackfill_GivesOlderPostsTheirCopiesOnce(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ada := app.SignedIn(t, "ada")
	var ids []string
	for i, body := range [][]byte{mediatest.WAV(3), mediatest.WAV(4), mediatest.ADTS(40)} {
		name, typ := strconv.Itoa(i)+".wav", "audio/wav"
		if i == 2 {
			name, typ = "broken.aac", "audio/aac"
		}
		r := ada.JSON("POST", "/api/audio/create", map[string]any{"caption": "Old " + name, "audio_upload": upload(t, app, ada.ID, media.Audio, name, typ, body)})
		if r.Status != http.StatusCreated {
			t.Fatalf("create: %d %s", r.Status, r.Raw)
		}
		ids = append(ids, r.Body["post"].(map[string]any)["id"].(string))
	}
	app.Settle(t)
	// What a deployment from before listening copies holds: no record of them, no files.
	ctx := context.Background()
	files := media.NewStore(app.Cloud.S3, schema.Media.Name)
	for _, id := range ids {
		p := stored(t, app, id)
		if _, err := app.Cloud.DynamoDB.UpdateItem(ctx, &dynamodb.UpdateItemInput{
			TableName: aws.String(schema.Posts.Name), UpdateExpression: aws.String("REMOVE listening"),
			Key: map[string]ddbtypes.AttributeValue{"pk": &ddbtypes.AttributeValueMemberS{Value: "POST#" + id}, "sk": &ddbtypes.AttributeValueMemberS{Value: "POST"}},
		}); err != nil {
			t.Fatal(err)
		}
		if err := files.Delete(ctx, media.ListeningKeys(p.Media)...); err != nil {
			t.Fatal(err)
		}
	}
	posts := post.NewStore(post.Config{DB: app.Cloud.DynamoDB, Table: schema.Posts.Name, Users: schema.Users.Name})
	for run, want := range []jobs.Backfilled{{Made: 2, Failed: 1}, {Made: 0, Failed: 1}} {
		got, err := jobs.Backfill(ctx, app.Cloud.DynamoDB, schema.Posts.Name, posts, files, media.FFmpeg{})
		if err != nil || got != want {
			t.Fatalf("run %d: %+v %v, want %+v", run+1, got, err, want)
		}
	}
	for _, id := range ids[:2] {
		p := stored(t, app, id)
		for _, k := range media.ListeningKeys(p.Media) {
			if _, err := app.Cloud.S3.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String(schema.Media.Name), Key: aws.String(k)}); err != nil || len(p.Listening) != 2 {
				t.Errorf("post %s: %s %v, recorded %v", id, k, err, p.Listening)
			}
		}
	}
	if r := ada.JSON("GET", "/api/audio/"+ids[0], nil); len(listening(t, r.Body["post"].(map[string]any))) != 2 {
		t.Errorf("after the backfill the answer lists %v", r.Body["post"].(map[string]any)["audio_renditions"])
	}
}
