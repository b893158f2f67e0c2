package edge

import (
	"bytes"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func uploadForm(t *testing.T, fields [][2]string) (body []byte, contentType string) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for _, f := range fields {
		if err := mw.WriteField(f[0], f[1]); err != nil {
			t.Fatal(err)
		}
	}
	fw, err := mw.CreateFormFile("file", "a.png")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fw.Write(bytes.Repeat([]byte("x"), 10000)); err != nil {
		t.Fatal(err)
	}
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), mw.FormDataContentType()
}

func TestServiceIsTakenFromTheCredentialScopeWhereverItIs(t *testing.T) {
	t.Parallel()
	const auth = "AWS4-HMAC-SHA256 Credential=test/20260101/us-east-1/%s/aws4_request, SignedHeaders=host, Signature=abc"
	cases := []struct {
		name  string
		build func() *http.Request
		want  string
	}{
		{"authorization header", func() *http.Request {
			r := httptest.NewRequest(http.MethodPost, "/", nil)
			r.Header.Set("Authorization", strings.Replace(auth, "%s", "dynamodb", 1))
			return r
		}, "dynamodb"},
		{"presigned query", func() *http.Request {
			return httptest.NewRequest(http.MethodGet, "/b/k?X-Amz-Credential=test%2F20260101%2Fus-east-1%2Fs3%2Faws4_request", nil)
		}, "s3"},
		{"browser form field", func() *http.Request {
			body, ct := uploadForm(t, [][2]string{{"key", "k"}, {"X-Amz-Credential", "test/20260101/us-east-1/ses/aws4_request"}})
			r := httptest.NewRequest(http.MethodPost, "/b", bytes.NewReader(body))
			r.Header.Set("Content-Type", ct)
			return r
		}, "ses"},
		{"unsigned JSON target", func() *http.Request {
			r := httptest.NewRequest(http.MethodPost, "/", nil)
			r.Header.Set("X-Amz-Target", "secretsmanager.GetSecretValue")
			return r
		}, "secretsmanager"},
		{"unsigned", func() *http.Request { return httptest.NewRequest(http.MethodGet, "/b/k", nil) }, "s3"},
		{"malformed scope", func() *http.Request {
			r := httptest.NewRequest(http.MethodGet, "/", nil)
			r.Header.Set("Authorization", "AWS4-HMAC-SHA256 Credential=garbage, Signature=x")
			return r
		}, "s3"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := serviceOf(tc.build())
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("service = %q, want %q", got, tc.want)
			}
		})
	}
}

// Routing a browser upload reads form fields; S3 must still receive the whole body.
func TestReadingTheFormCredentialLeavesTheBodyWhole(t *testing.T) {
	t.Parallel()
	body, ct := uploadForm(t, [][2]string{{"key", "k"}, {"x-amz-credential", "test/20260101/us-east-1/s3/aws4_request"}})
	r := httptest.NewRequest(http.MethodPost, "/b", bytes.NewReader(body))
	r.Header.Set("Content-Type", ct)
	if _, err := serviceOf(r); err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(r.Body)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, body) {
		t.Errorf("body changed: %d bytes, want %d", len(got), len(body))
	}
}
