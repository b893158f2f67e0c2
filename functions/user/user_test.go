package user_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"zuum/functions/user"
	"zuum/localstack/apptest"
	"zuum/shared/media/mediatest"
	"zuum/shared/schema"
)

// signedIn runs the app with ada signed in.
func signedIn(t *testing.T) (*apptest.App, *apptest.Client, string) {
	t.Helper()
	app := apptest.Start(t, nil)
	ada := app.SignedIn(t, "ada")
	return app, ada.Client, ada.ID
}

// form builds a multipart body of fields and files (name → bytes).
func form(t *testing.T, fields map[string]string, files map[string][]byte) (*bytes.Buffer, string) {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for k, v := range fields {
		_ = w.WriteField(k, v)
	}
	for k, b := range files {
		fw, _ := w.CreateFormFile(k, k+".bin")
		_, _ = fw.Write(b)
	}
	_ = w.Close()
	return &buf, w.FormDataContentType()
}

func put(t *testing.T, c *apptest.Client, app *apptest.App, fields map[string]string, files map[string][]byte) apptest.Response {
	t.Helper()
	body, ct := form(t, fields, files)
	req, _ := http.NewRequest("PUT", app.URL("/api/user/profile"), body)
	req.Header.Set("Content-Type", ct)
	return c.Do(req)
}

func pngBytes(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := 0; x < w; x++ {
		img.Set(x, x%h, color.RGBA{R: 200, A: 255})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestOwnProfile_NeedsASession(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	r := app.Client(t).JSON("GET", "/api/user/profile", nil)
	if r.Status != http.StatusUnauthorized || r.Message() != "Unauthorized: Invalid or missing token" {
		t.Fatalf("%d %s", r.Status, r.Raw)
	}
	if r := app.Client(t).JSON("PUT", "/api/user/profile", nil); r.Status != http.StatusUnauthorized {
		t.Fatalf("edit without a session: %d", r.Status)
	}
}

func TestOwnProfile_ShowsPrivateFieldsAndPublicProfileHidesThem(t *testing.T) {
	t.Parallel()
	app, c, id := signedIn(t)
	own := c.JSON("GET", "/api/user/profile", nil)
	for _, f := range []string{"email", "phonenumber"} {
		if own.Body[f] == nil || own.Body[f] == "" {
			t.Fatalf("own profile lacks %s: %s", f, own.Raw)
		}
	}
	for _, f := range []string{"followers_list", "following_list", "followers_count", "following_count", "created_at", "is_admin", "identity"} {
		if _, ok := own.Body[f]; !ok {
			t.Fatalf("own profile lacks %s: %s", f, own.Raw)
		}
	}
	public := app.Client(t).JSON("GET", "/api/user/profile/"+id, nil) // no session needed
	if public.Status != http.StatusOK || public.Body["username"] != "ada" {
		t.Fatalf("public: %d %s", public.Status, public.Raw)
	}
	for _, private := range []string{"email", "phonenumber", "password_hash", "verified", "session_epoch"} {
		if strings.Contains(string(public.Raw), `"`+private+`"`) {
			t.Fatalf("public profile shows %s: %s", private, public.Raw)
		}
	}
	for _, private := range []string{"password_hash", "session_epoch", "google_sub"} {
		if strings.Contains(string(own.Raw), private) {
			t.Fatalf("own profile leaks %s", private)
		}
	}
	if r := c.JSON("GET", "/api/user/profile/does-not-exist", nil); r.Status != http.StatusNotFound || r.Message() != "Profile not found" {
		t.Fatalf("unknown id: %d %s", r.Status, r.Raw)
	}
}

func TestUpdateProfile_ChangesOnlyTheFieldsSent(t *testing.T) {
	t.Parallel()
	app, c, _ := signedIn(t)
	r := put(t, c, app, map[string]string{"bio": "  Afro-soul from Enugu  ", "lastname": "Okafor"}, nil)
	if r.Status != http.StatusOK || r.Body["bio"] != "Afro-soul from Enugu" || r.Body["lastname"] != "Okafor" || r.Body["firstname"] != "Ada" {
		t.Fatalf("update: %d %s", r.Status, r.Raw)
	}
	if got := c.JSON("GET", "/api/user/profile", nil); got.Body["bio"] != "Afro-soul from Enugu" || got.Body["phonenumber"] != "08031234567" {
		t.Fatalf("after update: %s", got.Raw)
	}
}

func TestUpdateProfile_RefusalsAre400AndChangeNothing(t *testing.T) {
	t.Parallel()
	app, c, _ := signedIn(t)
	cases := []struct {
		name   string
		fields map[string]string
		files  map[string][]byte
		msg    string
		field  string
	}{
		{"username", map[string]string{"username": "new", "bio": "x"}, nil, "Username, email and identity cannot be changed.", ""},
		{"email", map[string]string{"email": "new@example.com"}, nil, "Username, email and identity cannot be changed.", ""},
		{"identity", map[string]string{"identity": "producer"}, nil, "Username, email and identity cannot be changed.", ""},
		{"phone", map[string]string{"phonenumber": "12ab", "bio": "x"}, nil, "Validation errors occurred", "phonenumber"},
		{"bio too long", map[string]string{"bio": strings.Repeat("a", 501)}, nil, "Validation errors occurred", "bio"},
		{"text as image", map[string]string{"bio": "x"}, map[string][]byte{"image": []byte("not a picture at all")}, "Validation errors occurred", "image"},
		{"gif as cover", nil, map[string][]byte{"cover_image": []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;")}, "Validation errors occurred", "cover_image"},
		{"png header then script", nil, map[string][]byte{"image": mediatest.Attacks["png header then script"]}, "Validation errors occurred", "image"},
		{"jpeg cut short", nil, map[string][]byte{"cover_image": mediatest.JPEG()[:300]}, "Validation errors occurred", "cover_image"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := put(t, c, app, tc.fields, tc.files)
			if r.Status != http.StatusBadRequest || r.Message() != tc.msg {
				t.Fatalf("%d %s", r.Status, r.Raw)
			}
			if picture := tc.field == "image" || tc.field == "cover_image"; picture && r.FieldErrors()[tc.field] != "Please select a valid image file (JPEG, PNG)" {
				t.Fatalf("want the spec's image text for %s: %s", tc.field, r.Raw)
			}
			if tc.field != "" && r.FieldErrors()[tc.field] == "" {
				t.Fatalf("no error for %s: %s", tc.field, r.Raw)
			}
		})
	}
	got := c.JSON("GET", "/api/user/profile", nil)
	if got.Body["bio"] != "" || got.Body["username"] != "ada" || got.Body["image"] != "" {
		t.Fatalf("a refused edit changed the profile: %s", got.Raw)
	}
	objs, _ := app.Cloud.S3.ListObjectsV2(context.Background(), &s3.ListObjectsV2Input{Bucket: aws.String(schema.Media.Name)})
	if len(objs.Contents) != 0 {
		t.Fatalf("a refused edit stored %d objects", len(objs.Contents))
	}
}

func TestUpdateProfile_StoresPicturesInS3AndReplacesTheOldOnes(t *testing.T) {
	t.Parallel()
	app, c, id := signedIn(t)
	r := put(t, c, app, nil, map[string][]byte{"image": pngBytes(t, 64, 64), "cover_image": pngBytes(t, 300, 100)})
	img, _ := r.Body["image"].(string)
	cover, _ := r.Body["cover_image"].(string)
	if r.Status != 200 || !strings.HasPrefix(img, "/public/profiles/"+id+"/") || !strings.HasSuffix(cover, ".png") {
		t.Fatalf("update: %d %s", r.Status, r.Raw)
	}
	ctx := context.Background()
	head, err := app.Cloud.S3.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String(schema.Media.Name), Key: aws.String(strings.TrimPrefix(img, "/"))})
	if err != nil || aws.ToString(head.ContentType) != "image/png" {
		t.Fatalf("stored picture: %v %v", err, head)
	}
	r = put(t, c, app, nil, map[string][]byte{"image": pngBytes(t, 32, 32)})
	if r.Body["image"] == img || r.Body["cover_image"] != cover {
		t.Fatalf("second update: %s", r.Raw)
	}
	if _, err := app.Cloud.S3.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String(schema.Media.Name), Key: aws.String(strings.TrimPrefix(img, "/"))}); err == nil {
		t.Fatal("the replaced picture is still stored")
	}
	if public := app.Client(t).JSON("GET", "/api/user/profile/"+id, nil); public.Body["image"] != r.Body["image"] {
		t.Fatalf("public view: %s", public.Raw)
	}
}

func TestUpdateProfile_StoresPicturesReencodedWithoutTheirEXIF(t *testing.T) {
	t.Parallel()
	app, c, _ := signedIn(t)
	shot := mediatest.WithEXIF(mediatest.JPEGOf(mediatest.Picture(48, 32)), 1)
	r := put(t, c, app, nil, map[string][]byte{"image": shot, "cover_image": shot})
	if r.Status != 200 {
		t.Fatalf("update: %d %s", r.Status, r.Raw)
	}
	for _, field := range []string{"image", "cover_image"} {
		url, _ := r.Body[field].(string)
		out, err := app.Cloud.S3.GetObject(context.Background(), &s3.GetObjectInput{
			Bucket: aws.String(schema.Media.Name), Key: aws.String(strings.TrimPrefix(url, "/")),
		})
		if err != nil {
			t.Fatalf("%s: %v", field, err)
		}
		stored, _ := io.ReadAll(out.Body)
		out.Body.Close()
		if bytes.Contains(stored, mediatest.GPSLatitude) || aws.ToString(out.ContentType) != "image/jpeg" || !strings.HasSuffix(url, ".jpg") {
			t.Errorf("%s: %d bytes of %s at %s, GPS position kept: %v", field, len(stored), aws.ToString(out.ContentType), url,
				bytes.Contains(stored, mediatest.GPSLatitude))
		}
	}
}

func TestUpdateProfile_PicturesOf5MBOrMoreAreRefused(t *testing.T) {
	t.Parallel()
	app, c, _ := signedIn(t)
	// Bypass the gateway: through it, 5 MB of binary exceeds Lambda's 6 MB payload once encoded.
	big := append(pngBytes(t, 8, 8), make([]byte, user.MaxPictureBytes)...)
	body, ct := form(t, nil, map[string][]byte{"image": big})
	req := httptest.NewRequest("PUT", "/api/user/profile", body)
	req.Header.Set("Content-Type", ct)
	req.Header.Set("Authorization", "Bearer "+c.Token)
	rec := app.Serve(t, "user", req)
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "Image must be less than 5MB") {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	// And through the gateway, the same request is refused as AWS refuses it.
	body, ct = form(t, nil, map[string][]byte{"image": big})
	req, _ = http.NewRequest("PUT", app.URL("/api/user/profile"), body)
	req.Header.Set("Content-Type", ct)
	if r := c.Do(req); r.Status != http.StatusRequestEntityTooLarge {
		t.Fatalf("through the gateway: %d", r.Status)
	}
}

func TestEvents_UserSamplesThroughTheLambdaAdapter(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	for file, status := range map[string]int{
		"events/user/get-profile-no-session.json": 401,
		"events/user/get-public-profile.json":     404,
		"events/user/follow-no-session.json":      401,
		"events/user/followers-unknown.json":      404,
	} {
		app.ReplayAnswers(t, "user", file, status, "")
	}
}
