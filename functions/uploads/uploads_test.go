package uploads_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"math"
	"mime/multipart"
	"net/http"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"zuum/localstack/apptest"
	"zuum/localstack/gateway"
	"zuum/shared/media"
	"zuum/shared/media/mediatest"
	"zuum/shared/schema"
)

// start runs the app with ada signed in.
func start(t *testing.T) (*apptest.App, *apptest.Client, string) {
	t.Helper()
	app := apptest.Start(t, nil)
	ada := app.SignedIn(t, "ada")
	return app, ada.Client, ada.ID
}

// ticket is the 201 answer, decoded.
type ticket struct {
	Key, URL, Method string
	Fields           map[string]string
	MaxSize          int64
	ExpiresAt        time.Time
}

func ask(t *testing.T, c *apptest.Client, kind, contentType string, size int64, filename string) ticket {
	t.Helper()
	r := c.JSON("POST", "/api/uploads", map[string]any{"kind": kind, "content_type": contentType, "size": size, "filename": filename})
	if r.Status != http.StatusCreated {
		t.Fatalf("ticket: %d %s", r.Status, r.Raw)
	}
	tk := ticket{Fields: map[string]string{}}
	tk.Key, _ = r.Body["key"].(string)
	tk.URL, _ = r.Body["url"].(string)
	tk.Method, _ = r.Body["method"].(string)
	max, _ := r.Body["max_size"].(float64)
	tk.MaxSize = int64(max)
	exp, _ := r.Body["expires_at"].(string)
	tk.ExpiresAt, _ = time.Parse(time.RFC3339, exp)
	fields, _ := r.Body["fields"].(map[string]any)
	for k, v := range fields {
		tk.Fields[k], _ = v.(string)
	}
	return tk
}

// upload does what the browser does with a ticket: a multipart POST of every field, then the
// file last. It returns the status and body S3 answered.
// uploaded posts file with tk's form, failing t unless the bucket takes it.
func uploaded(t *testing.T, tk ticket, file []byte) {
	t.Helper()
	if status, body := upload(t, tk.URL, tk.Fields, file); status/100 != 2 {
		t.Fatalf("upload %s: %d %s", tk.Key, status, body)
	}
}

// sent asks a ticket for file and uploads it with the ticket (ask, uploaded).
func sent(t *testing.T, c *apptest.Client, kind, contentType, filename string, file []byte) ticket {
	t.Helper()
	tk := ask(t, c, kind, contentType, int64(len(file)), filename)
	uploaded(t, tk, file)
	return tk
}

func upload(t *testing.T, url string, fields map[string]string, file []byte) (int, string) {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	names := make([]string, 0, len(fields))
	for k := range fields {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		if err := w.WriteField(k, fields[k]); err != nil {
			t.Fatal(err)
		}
	}
	fw, err := w.CreateFormFile("file", "upload")
	if err != nil {
		t.Fatal(err)
	}
	_, _ = fw.Write(file)
	_ = w.Close()
	res, err := http.Post(url, w.FormDataContentType(), &body)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(raw)
}

func head(t *testing.T, app *apptest.App, key string) (*s3.HeadObjectOutput, bool) {
	t.Helper()
	out, err := app.Cloud.S3.HeadObject(context.Background(), &s3.HeadObjectInput{Bucket: aws.String(schema.Media.Name), Key: &key})
	if err != nil {
		return nil, false
	}
	return out, true
}

func TestCreate_WithoutASessionIs401(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	r := app.Client(t).JSON("POST", "/api/uploads", map[string]any{"kind": "audio", "content_type": "audio/mpeg", "size": 10, "filename": "a.mp3"})
	if r.Status != http.StatusUnauthorized || r.Message() != "Unauthorized: Invalid or missing token" {
		t.Fatalf("%d %s", r.Status, r.Raw)
	}
}

func TestCreate_RefusesWithTheSpecsMessages(t *testing.T) {
	t.Parallel()
	_, c, _ := start(t)
	const (
		imageType = "Please select a valid image file (JPEG, PNG)"
		audioType = "Please select a valid audio file (MP3, WAV)"
		videoType = "Please upload a valid video file (MP4, MOV, or AVI)"
	)
	cases := []struct {
		name        string
		kind, ct    string
		size        int64
		filename    string
		field, want string
	}{
		{"image of the wrong type", "image", "image/gif", 100, "a.gif", "content_type", imageType},
		{"image of 5MB", "image", "image/png", 5242880, "a.png", "size", "Image must be less than 5MB"},
		{"audio of the wrong type", "audio", "video/mp4", 100, "a.mp4", "content_type", audioType},
		{"audio of 50MB", "audio", "audio/mpeg", 52428800, "a.mp3", "size", "Audio file must be less than 50MB"},
		{"video of the wrong type", "video", "audio/mpeg", 100, "a.mp3", "content_type", videoType},
		{"video of 50MB", "video", "video/mp4", 52428800, "a.mp4", "size", "Video file size exceeds 50MB limit"},
		{"an unknown kind", "beat", "audio/mpeg", 100, "a.mp3", "kind", "Upload kind must be audio, video, image, release_audio or cover_art"},
		{"no kind", "", "audio/mpeg", 100, "a.mp3", "kind", "Upload kind must be audio, video, image, release_audio or cover_art"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := c.JSON("POST", "/api/uploads", map[string]any{"kind": tc.kind, "content_type": tc.ct, "size": tc.size, "filename": tc.filename})
			if r.Status != http.StatusBadRequest || r.Message() != "Validation error or missing files" || r.FieldErrors()[tc.field] != tc.want {
				t.Fatalf("%d %s", r.Status, r.Raw)
			}
		})
	}
	for body, msg := range map[string]string{
		`{"kind": "audio",`:          "Malformed JSON body.",
		``:                           "Request body is required.",
		`[1, 2]`:                     "Request body must be a JSON object.",
		`{"kind": "audio"} {"x": 1}`: "Request body must hold a single JSON object.",
	} {
		if r := c.JSON("POST", "/api/uploads", body); r.Status != http.StatusBadRequest || r.Message() != msg {
			t.Errorf("body %q: %d %s", body, r.Status, r.Raw)
		}
	}
	r := c.JSON("POST", "/api/uploads", `{"kind": "audio", "content_type": "audio/mpeg", "size": "big"}`)
	if r.Status != http.StatusBadRequest || r.FieldErrors()["size"] != "size must be a number" {
		t.Errorf("size as text: %d %s", r.Status, r.Raw)
	}
}

func TestCreate_Returns201WithAPresignedPost(t *testing.T) {
	t.Parallel()
	app, c, userID := start(t)
	before := time.Now().UTC().Truncate(time.Second)
	r := c.JSON("POST", "/api/uploads", map[string]any{"kind": "audio", "content_type": "audio/mp3", "size": 4200000, "filename": "First Single.MP3"})
	if r.Status != http.StatusCreated {
		t.Fatalf("%d %s", r.Status, r.Raw)
	}
	var keys []string
	for k := range r.Body {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	if !slices.Equal(keys, []string{"expires_at", "fields", "key", "max_size", "method", "url"}) {
		t.Errorf("answer keys %v", keys)
	}
	tk := ask(t, c, "audio", "audio/mp3", 4200000, "First Single.MP3")
	if !media.OwnedBy(tk.Key, userID, media.Audio) || !strings.HasSuffix(tk.Key, ".mp3") {
		t.Errorf("key %q is not uploads/%s/audio/<uuid>.mp3", tk.Key, userID)
	}
	if tk.URL != app.Cloud.URL+"/zuum-media" || tk.Method != "POST" || tk.MaxSize != 52428799 {
		t.Errorf("url %q method %q max %d", tk.URL, tk.Method, tk.MaxSize)
	}
	if tk.Fields["key"] != tk.Key || tk.Fields["Content-Type"] != "audio/mpeg" || tk.Fields["policy"] == "" || tk.Fields["X-Amz-Signature"] == "" {
		t.Errorf("fields %v", tk.Fields)
	}
	if d := tk.ExpiresAt.Sub(before); d < 15*time.Minute || d > 16*time.Minute {
		t.Errorf("expires_at %v is not 15 minutes after %v", tk.ExpiresAt, before)
	}
	if image := ask(t, c, "image", "image/jpg", 2000, "me.jpeg"); !strings.HasSuffix(image.Key, ".jpg") || image.MaxSize != 5242879 || image.Fields["Content-Type"] != "image/jpeg" {
		t.Errorf("image ticket %+v", image)
	}
}

func TestUpload_TheBrowsersPostStoresTheFileWithItsType(t *testing.T) {
	t.Parallel()
	app, c, _ := start(t)
	wav := mediatest.WAV(0.5)
	tk := sent(t, c, "audio", "audio/x-wav", "take.wav", wav)
	out, ok := head(t, app, tk.Key)
	if !ok || aws.ToString(out.ContentType) != "audio/wav" || aws.ToInt64(out.ContentLength) != int64(len(wav)) {
		t.Fatalf("stored object: %+v", out)
	}
	app.NoFailedEvents(t)
	if _, ok := head(t, app, tk.Key); !ok {
		t.Fatal("the media function must keep a genuine upload")
	}
}

// S3 enforces the policy; the local edge must refuse what it refuses.
func TestUpload_TheEdgeRefusesWhatThePolicyDoesNotAllow(t *testing.T) {
	t.Parallel()
	app, c, userID := start(t)
	png := mediatest.PNG()
	tk := ask(t, c, "image", "image/png", int64(len(png)), "me.png")
	with := func(k, v string) map[string]string {
		f := map[string]string{}
		for name, val := range tk.Fields {
			f[name] = val
		}
		f[k] = v
		return f
	}
	other := media.UserPrefix(userID, media.Image) + "chosen-by-me.png"
	cases := []struct {
		name   string
		fields map[string]string
		file   []byte
		key    string
		status int
		code   string
	}{
		{"a file larger than max_size", tk.Fields, append(append([]byte{}, png...), make([]byte, tk.MaxSize)...), tk.Key, 400, "EntityTooLarge"},
		{"an empty file", tk.Fields, nil, tk.Key, 400, "EntityTooSmall"},
		{"another Content-Type", with("Content-Type", "text/html"), png, tk.Key, 403, "AccessDenied"},
		{"another key", with("key", other), png, other, 403, "AccessDenied"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			status, body := upload(t, tk.URL, tc.fields, tc.file)
			if status != tc.status || !strings.Contains(body, "<Code>"+tc.code+"</Code>") {
				t.Errorf("upload: %d %s, want %d %s", status, body, tc.status, tc.code)
			}
			if _, ok := head(t, app, tc.key); ok {
				t.Errorf("%s must not be stored", tc.key)
			}
		})
	}
	if status, body := upload(t, tk.URL, tk.Fields, png); status/100 != 2 {
		t.Fatalf("the ticket itself must still work: %d %s", status, body)
	}
	app.NoFailedEvents(t)
}

// Objects created under uploads/ invoke the media function by themselves, as the bucket's
// notification does in AWS.
func TestUpload_TheMediaFunctionChecksEveryUpload(t *testing.T) {
	t.Parallel()
	app, c, _ := start(t)
	catalog := media.NewCatalog(app.Cloud.DynamoDB, schema.Posts.Name)
	ctx := context.Background()

	wav := mediatest.WAV(2)
	good := sent(t, c, "audio", "audio/wav", "good.wav", wav)
	bad := sent(t, c, "audio", "audio/mpeg", "bad.mp3", []byte("<!DOCTYPE html><html>I am not a song</html>"))
	app.NoFailedEvents(t)

	m, found, err := catalog.Get(ctx, good.Key)
	if err != nil || !found || !m.OK() || math.Abs(m.Duration-2) > 1e-9 || m.ContentType != "audio/wav" {
		t.Errorf("good upload: %+v found %v err %v", m, found, err)
	}
	if _, ok := head(t, app, good.Key); !ok {
		t.Error("the good upload must stay")
	}
	m, found, err = catalog.Get(ctx, bad.Key)
	if err != nil || !found || m.Status != media.StatusRejected {
		t.Errorf("bad upload: %+v found %v err %v", m, found, err)
	}
	if _, ok := head(t, app, bad.Key); ok {
		t.Error("the bad upload must be deleted")
	}
}

// The samples in events/uploads are what `make invoke` replays; through the real Lambda adapter
// they must mean what their names say.
func TestEvents_UploadSamplesThroughTheLambdaAdapter(t *testing.T) {
	t.Parallel()
	app, c, _ := start(t)
	for file, want := range map[string]struct {
		status int
		has    string
	}{
		"events/uploads/create.json":         {401, "Unauthorized: Invalid or missing token"},
		"events/uploads/create-invalid.json": {401, "Unauthorized: Invalid or missing token"},
	} {
		app.ReplayAnswers(t, "uploads", file, want.status, want.has)
	}
	// Signed in, the same samples ask for a ticket and are refused one.
	for file, want := range map[string]struct {
		status int
		has    string
	}{
		"events/uploads/create.json":         {201, `"max_size":52428799`},
		"events/uploads/create-invalid.json": {400, "Please upload a valid video file (MP4, MOV, or AVI)"},
	} {
		e := readEvent(t, "../../"+file)
		e.Headers["authorization"] = "Bearer " + c.Token
		res, err := gateway.FromHandler(app.Handlers["uploads"])(context.Background(), e)
		if err != nil || res.StatusCode != want.status || !strings.Contains(res.Body, want.has) {
			t.Errorf("%s signed in: %d %s %v", file, res.StatusCode, res.Body, err)
		}
	}
}

func readEvent(t *testing.T, path string) events.APIGatewayV2HTTPRequest {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var e events.APIGatewayV2HTTPRequest
	if err := json.Unmarshal(raw, &e); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return e
}
