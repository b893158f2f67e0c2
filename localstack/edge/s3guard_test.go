package edge_test

import (
	"bytes"
	"context"
	"crypto/md5"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/xml"
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	s3types "github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/aws/smithy-go"

	"zuum/localstack/edge"
)

// clockedEdge is an edge whose clock a test can move forward, to see URLs and policies expire.
type clockedEdge struct {
	*running
	ahead atomic.Int64
}

func startClocked(t *testing.T) *clockedEdge {
	t.Helper()
	c := &clockedEdge{}
	c.running = startEdgeWith(t, edge.Options{
		RetryDelay: time.Millisecond,
		Clock:      func() time.Time { return time.Now().Add(time.Duration(c.ahead.Load())) },
	})
	return c
}

func (c *clockedEdge) advance(d time.Duration) { c.ahead.Add(int64(d)) }

// answer is an HTTP response read whole, with S3's error code and message when it is one.
type answer struct {
	status  int
	header  http.Header
	body    string
	code    string
	message string
}

func fetchS3(t *testing.T, req *http.Request) answer {
	t.Helper()
	resp, body := do(t, req)
	a := answer{status: resp.StatusCode, header: resp.Header, body: string(body)}
	var e struct{ Code, Message string }
	if xml.Unmarshal(body, &e) == nil {
		a.code, a.message = e.Code, e.Message
	}
	return a
}

func (a answer) is(status int, code, message string) bool {
	return a.status == status && a.code == code && (message == "" || a.message == message)
}

// presignUpload signs a browser upload of key as the uploads route does: that key, that
// Content-Type, 1..max bytes.
func presignUpload(t *testing.T, c *s3.Client, key, contentType string, max int64, opts ...func(*s3.PresignPostOptions)) *s3.PresignedPostRequest {
	t.Helper()
	post, err := s3.NewPresignClient(c).PresignPostObject(context.Background(), &s3.PutObjectInput{Bucket: media, Key: aws.String(key)},
		append([]func(*s3.PresignPostOptions){func(o *s3.PresignPostOptions) {
			o.Conditions = []any{
				map[string]string{"key": key},
				[]any{"eq", "$Content-Type", contentType},
				[]any{"content-length-range", 1, max},
			}
		}}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	return post
}

// uploadRequest builds the browser's form: the presigned fields (in a fixed order), then
// fields, then the file, last.
func uploadRequest(t *testing.T, post *s3.PresignedPostRequest, fields [][2]string, file []byte) *http.Request {
	t.Helper()
	return formRequest(t, post, fields, "track.mp3", file)
}

// formRequest is uploadRequest with the file's name.
func formRequest(t *testing.T, post *s3.PresignedPostRequest, fields [][2]string, name string, file []byte) *http.Request {
	t.Helper()
	var form bytes.Buffer
	mw := multipart.NewWriter(&form)
	names := make([]string, 0, len(post.Values))
	for k := range post.Values {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		if err := mw.WriteField(k, post.Values[k]); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range fields {
		if err := mw.WriteField(f[0], f[1]); err != nil {
			t.Fatal(err)
		}
	}
	fw, err := mw.CreateFormFile("file", name)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fw.Write(file); err != nil {
		t.Fatal(err)
	}
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	req, err := http.NewRequest(http.MethodPost, post.URL, &form)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return req
}

func objectExists(t *testing.T, c *s3.Client, key string) bool {
	t.Helper()
	_, err := c.HeadObject(context.Background(), &s3.HeadObjectInput{Bucket: media, Key: aws.String(key)})
	var api smithy.APIError
	if errors.As(err, &api) && api.ErrorCode() == "NotFound" {
		return false
	}
	if err != nil {
		t.Fatalf("HeadObject %s: %v", key, err)
	}
	return true
}

func TestPresignedPostIsAcceptedAndItsObjectReadable(t *testing.T) {
	t.Parallel()
	r := startClocked(t)
	const key = "uploads/u1/audio/a.mp3"
	post := presignUpload(t, r.S3, key, "audio/mpeg", 1000)
	got := fetchS3(t, uploadRequest(t, post, [][2]string{{"Content-Type", "audio/mpeg"}}, []byte("ID3 tune")))
	if got.status != http.StatusNoContent {
		t.Fatalf("POST = %d %s, want 204", got.status, got.body)
	}
	sum := md5Hex("ID3 tune")
	if etag := got.header.Get("ETag"); etag != `"`+sum+`"` {
		t.Errorf("ETag = %q, want %q", etag, sum)
	}
	if loc := got.header.Get("Location"); loc != r.URL+"/"+*media+"/"+key {
		t.Errorf("Location = %q", loc)
	}
	out, err := r.S3.GetObject(context.Background(), &s3.GetObjectInput{Bucket: media, Key: aws.String(key)})
	if err != nil {
		t.Fatal(err)
	}
	defer out.Body.Close()
	body, _ := io.ReadAll(out.Body)
	if string(body) != "ID3 tune" || aws.ToString(out.ContentType) != "audio/mpeg" {
		t.Errorf("object = %q (%s)", body, aws.ToString(out.ContentType))
	}
	for name := range out.Metadata {
		t.Errorf("object keeps form field %q as metadata", name)
	}
}

func TestPostSuccessActionStatusChoosesTheAnswer(t *testing.T) {
	t.Parallel()
	r := startClocked(t)
	for _, tc := range []struct {
		status string
		want   int
	}{{"200", http.StatusOK}, {"201", http.StatusCreated}, {"204", http.StatusNoContent}} {
		key := "uploads/u1/audio/" + tc.status + ".mp3"
		post, err := s3.NewPresignClient(r.S3).PresignPostObject(context.Background(),
			&s3.PutObjectInput{Bucket: media, Key: aws.String(key)}, func(o *s3.PresignPostOptions) {
				o.Conditions = []any{map[string]string{"success_action_status": tc.status}}
			})
		if err != nil {
			t.Fatal(err)
		}
		got := fetchS3(t, uploadRequest(t, post, [][2]string{{"success_action_status", tc.status}}, []byte("x")))
		if got.status != tc.want {
			t.Errorf("success_action_status %s: %d %s", tc.status, got.status, got.body)
		}
		if tc.want == http.StatusCreated && !strings.Contains(got.body, "<Key>"+key+"</Key>") {
			t.Errorf("201 body = %s, want a PostResponse", got.body)
		}
	}
}

func TestPresignedPostRefusesWhatThePolicyForbids(t *testing.T) {
	t.Parallel()
	r := startClocked(t)
	const key = "uploads/u1/audio/a.mp3"
	ct := [2]string{"Content-Type", "audio/mpeg"}
	tamper := func(post *s3.PresignedPostRequest, field string, change func(string) string) *s3.PresignedPostRequest {
		values := map[string]string{}
		for k, v := range post.Values {
			values[k] = v
		}
		values[field] = change(values[field])
		return &s3.PresignedPostRequest{URL: post.URL, Values: values}
	}
	widened := func(policy string) string {
		raw, _ := base64.StdEncoding.DecodeString(policy)
		return base64.StdEncoding.EncodeToString(bytes.Replace(raw, []byte(`1000]`), []byte(`9999]`), 1))
	}
	cases := []struct {
		name   string
		post   *s3.PresignedPostRequest
		fields [][2]string
		file   []byte
		status int
		code   string
		msg    string
	}{
		{"expired policy", presignUpload(t, r.S3, key, "audio/mpeg", 1000, func(o *s3.PresignPostOptions) { o.Expires = -time.Minute }),
			[][2]string{ct}, []byte("x"), 403, "AccessDenied", "Invalid according to Policy: Policy expired."},
		{"tampered signature", tamper(presignUpload(t, r.S3, key, "audio/mpeg", 1000), "X-Amz-Signature", flipLast),
			[][2]string{ct}, []byte("x"), 403, "SignatureDoesNotMatch", ""},
		{"tampered policy", tamper(presignUpload(t, r.S3, key, "audio/mpeg", 1000), "policy", widened),
			[][2]string{ct}, bytes.Repeat([]byte("x"), 2000), 403, "SignatureDoesNotMatch", ""},
		{"body over the range", presignUpload(t, r.S3, key, "audio/mpeg", 1000),
			[][2]string{ct}, bytes.Repeat([]byte("x"), 1001), 400, "EntityTooLarge", "Your proposed upload exceeds the maximum allowed size"},
		{"body far over the range", presignUpload(t, r.S3, key, "audio/mpeg", 1000),
			[][2]string{ct}, bytes.Repeat([]byte("x"), 3<<20), 400, "EntityTooLarge", ""},
		{"body under the range", presignUpload(t, r.S3, key, "audio/mpeg", 1000),
			[][2]string{ct}, nil, 400, "EntityTooSmall", "Your proposed upload is smaller than the minimum allowed size"},
		{"wrong Content-Type", presignUpload(t, r.S3, key, "audio/mpeg", 1000),
			[][2]string{{"Content-Type", "video/mp4"}}, []byte("x"), 403, "AccessDenied",
			`Invalid according to Policy: Policy Condition failed: ["eq", "$Content-Type", "audio/mpeg"]`},
		{"missing Content-Type", presignUpload(t, r.S3, key, "audio/mpeg", 1000),
			nil, []byte("x"), 403, "AccessDenied",
			`Invalid according to Policy: Policy Condition failed: ["eq", "$Content-Type", "audio/mpeg"]`},
		{"key outside the signed key", tamper(presignUpload(t, r.S3, key, "audio/mpeg", 1000), "key", func(string) string { return "public/evil.mp3" }),
			[][2]string{ct}, []byte("x"), 403, "AccessDenied",
			`Invalid according to Policy: Policy Condition failed: ["eq", "$key", "uploads/u1/audio/a.mp3"]`},
		{"extra field", presignUpload(t, r.S3, key, "audio/mpeg", 1000),
			[][2]string{ct, {"x-amz-meta-owner", "mallory"}, {"x-ignore-note", "fine"}}, []byte("x"), 403, "AccessDenied",
			"Invalid according to Policy: Extra input fields: x-amz-meta-owner"},
		{"unknown access key", func() *s3.PresignedPostRequest {
			other := s3.NewFromConfig(r.Config, func(o *s3.Options) {
				o.UsePathStyle = true
				o.Credentials = credentials.NewStaticCredentialsProvider("nobody", "secret", "")
			})
			return presignUpload(t, other, key, "audio/mpeg", 1000)
		}(), [][2]string{ct}, []byte("x"), 403, "InvalidAccessKeyId", "The AWS Access Key Id you provided does not exist in our records."},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := fetchS3(t, uploadRequest(t, tc.post, tc.fields, tc.file))
			if !got.is(tc.status, tc.code, tc.msg) {
				t.Errorf("POST = %d %s %q, want %d %s %q", got.status, got.code, got.message, tc.status, tc.code, tc.msg)
			}
			if objectExists(t, r.S3, key) || objectExists(t, r.S3, "public/evil.mp3") {
				t.Error("a refused upload was stored")
			}
		})
	}
}

func TestPostKeyMayStartWithASignedPrefix(t *testing.T) {
	t.Parallel()
	r := startClocked(t)
	sign := func(key string) *s3.PresignedPostRequest {
		post, err := s3.NewPresignClient(r.S3).PresignPostObject(context.Background(),
			&s3.PutObjectInput{Bucket: media, Key: aws.String(key)}, func(o *s3.PresignPostOptions) {
				o.Conditions = []any{[]any{"starts-with", "$key", "uploads/u1/"}}
			})
		if err != nil {
			t.Fatal(err)
		}
		return post
	}
	post := sign("uploads/u1/${filename}")
	if got := fetchS3(t, uploadRequest(t, post, nil, []byte("x"))); got.status != http.StatusNoContent {
		t.Fatalf("POST under the prefix = %d %s", got.status, got.body)
	}
	if !objectExists(t, r.S3, "uploads/u1/track.mp3") {
		t.Error("${filename} was not replaced by the file's name")
	}
	post = sign("uploads/u2/b.mp3")
	want := `Invalid according to Policy: Policy Condition failed: ["starts-with", "$key", "uploads/u1/"]`
	if got := fetchS3(t, uploadRequest(t, post, nil, []byte("x"))); !got.is(403, "AccessDenied", want) {
		t.Errorf("POST outside the prefix = %d %s %q", got.status, got.code, got.message)
	}
}

func TestAnonymousRequestsAreRefused(t *testing.T) {
	t.Parallel()
	r := startClocked(t)
	put, _ := http.NewRequest(http.MethodPut, r.URL+"/"+*media+"/public/x.txt", strings.NewReader("x"))
	if got := fetchS3(t, put); !got.is(403, "AccessDenied", "Access Denied") {
		t.Errorf("anonymous PUT = %d %s", got.status, got.body)
	}
	if objectExists(t, r.S3, "public/x.txt") {
		t.Error("anonymous PUT stored the object")
	}
	get, _ := http.NewRequest(http.MethodGet, r.URL+"/"+*media+"/public/x.txt", nil)
	if got := fetchS3(t, get); !got.is(403, "AccessDenied", "Access Denied") {
		t.Errorf("anonymous GET = %d %s", got.status, got.body)
	}
	var form bytes.Buffer
	mw := multipart.NewWriter(&form)
	_ = mw.WriteField("key", "uploads/x")
	fw, _ := mw.CreateFormFile("file", "x")
	_, _ = fw.Write([]byte("x"))
	_ = mw.Close()
	post, _ := http.NewRequest(http.MethodPost, r.URL+"/"+*media, &form)
	post.Header.Set("Content-Type", mw.FormDataContentType())
	if got := fetchS3(t, post); !got.is(403, "AccessDenied", "Access Denied") {
		t.Errorf("anonymous POST = %d %s", got.status, got.body)
	}
}

func TestPresignedPutAndGetAreCheckedForSignatureAndExpiry(t *testing.T) {
	t.Parallel()
	r := startClocked(t)
	ctx := context.Background()
	presign := s3.NewPresignClient(r.S3)
	const key = "uploads/u1/audio/b.mp3"
	put, err := presign.PresignPutObject(ctx, &s3.PutObjectInput{Bucket: media, Key: aws.String(key), ContentType: aws.String("audio/mpeg")})
	if err != nil {
		t.Fatal(err)
	}
	putReq := func(url, contentType string) *http.Request {
		req, _ := http.NewRequest(http.MethodPut, url, strings.NewReader("ID3"))
		req.Header.Set("Content-Type", contentType)
		return req
	}
	if got := fetchS3(t, putReq(put.URL, "video/mp4")); !got.is(403, "SignatureDoesNotMatch", "") {
		t.Errorf("PUT with another Content-Type than signed = %d %s", got.status, got.body)
	}
	if got := fetchS3(t, putReq(strings.Replace(put.URL, "b.mp3", "c.mp3", 1), "audio/mpeg")); !got.is(403, "SignatureDoesNotMatch", "") {
		t.Errorf("PUT to another key = %d %s", got.status, got.body)
	}
	if got := fetchS3(t, putReq(flipLast(put.URL), "audio/mpeg")); !got.is(403, "SignatureDoesNotMatch", "") {
		t.Errorf("PUT with a tampered signature = %d %s", got.status, got.body)
	}
	if objectExists(t, r.S3, key) || objectExists(t, r.S3, "uploads/u1/audio/c.mp3") {
		t.Fatal("a refused PUT stored the object")
	}
	if got := fetchS3(t, putReq(put.URL, "audio/mpeg")); got.status != http.StatusOK {
		t.Fatalf("valid presigned PUT = %d %s", got.status, got.body)
	}

	get, err := presign.PresignGetObject(ctx, &s3.GetObjectInput{Bucket: media, Key: aws.String(key),
		ResponseContentDisposition: aws.String(`attachment; filename="b c.mp3"`)}, s3.WithPresignExpires(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	getReq := func(url string) *http.Request { req, _ := http.NewRequest(http.MethodGet, url, nil); return req }
	if got := fetchS3(t, getReq(get.URL)); got.status != http.StatusOK || got.body != "ID3" {
		t.Errorf("valid presigned GET = %d %q", got.status, got.body)
	}
	if got := fetchS3(t, getReq(flipLast(get.URL))); !got.is(403, "SignatureDoesNotMatch", "") {
		t.Errorf("tampered GET = %d %s", got.status, got.body)
	}
	if got := fetchS3(t, getReq(strings.Replace(get.URL, "X-Amz-Expires=3600", "X-Amz-Expires=7200", 1))); !got.is(403, "SignatureDoesNotMatch", "") {
		t.Errorf("GET with a lengthened expiry = %d %s", got.status, got.body)
	}

	r.advance(61 * time.Minute)
	if got := fetchS3(t, getReq(get.URL)); !got.is(403, "AccessDenied", "Request has expired") {
		t.Errorf("expired GET = %d %s", got.status, got.body)
	}
	if got := fetchS3(t, putReq(put.URL, "audio/mpeg")); !got.is(403, "AccessDenied", "Request has expired") {
		t.Errorf("expired PUT = %d %s", got.status, got.body)
	}
}

// The SDK clients sign in the Authorization header; every operation the app uses must pass,
// and a wrong key, secret or body must not.
func TestHeaderSignedSDKCallsPassAndForgeriesDoNot(t *testing.T) {
	t.Parallel()
	r := startClocked(t)
	ctx := context.Background()
	keys := []string{"public/a b/c+d~!é(1).txt", "uploads/u1/audio/x.mp3"}
	for _, k := range keys {
		if _, err := r.S3.PutObject(ctx, &s3.PutObjectInput{Bucket: media, Key: aws.String(k), Body: strings.NewReader("hello"),
			ContentType: aws.String("text/plain"), Metadata: map[string]string{"owner": "u1"}, CacheControl: aws.String("max-age=60")}); err != nil {
			t.Fatalf("PutObject %q: %v", k, err)
		}
	}
	big := bytes.Repeat([]byte("z"), 3<<20) // sent with Expect: 100-continue
	if _, err := r.S3.PutObject(ctx, &s3.PutObjectInput{Bucket: media, Key: aws.String("public/big"), Body: bytes.NewReader(big)}); err != nil {
		t.Fatalf("PutObject big: %v", err)
	}
	rng, err := r.S3.GetObject(ctx, &s3.GetObjectInput{Bucket: media, Key: aws.String(keys[0]), Range: aws.String("bytes=1-3")})
	if err != nil {
		t.Fatal(err)
	}
	part, _ := io.ReadAll(rng.Body)
	rng.Body.Close()
	if string(part) != "ell" {
		t.Errorf("ranged GET = %q", part)
	}
	list, err := r.S3.ListObjectsV2(ctx, &s3.ListObjectsV2Input{Bucket: media, Prefix: aws.String("public/a b/"), Delimiter: aws.String("/")})
	if err != nil || len(list.Contents) != 1 {
		t.Errorf("ListObjectsV2 = %v, %v", list, err)
	}
	if _, err := r.S3.CopyObject(ctx, &s3.CopyObjectInput{Bucket: media, Key: aws.String("public/copy"),
		CopySource: aws.String(*media + "/" + copySource(keys[0]))}); err != nil {
		t.Errorf("CopyObject: %v", err)
	}
	if _, err := r.S3.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: media, Key: aws.String("public/copy")}); err != nil {
		t.Errorf("DeleteObject: %v", err)
	}
	multipartUpload(t, r.S3, "public/parts")

	for _, tc := range []struct {
		name, key, secret, code string
	}{
		{"wrong secret", "test", "wrong", "SignatureDoesNotMatch"},
		{"unknown access key", "nobody", "test", "InvalidAccessKeyId"},
	} {
		forger := s3.NewFromConfig(r.Config, func(o *s3.Options) {
			o.UsePathStyle = true
			o.Credentials = credentials.NewStaticCredentialsProvider(tc.key, tc.secret, "")
		})
		_, err := forger.PutObject(ctx, &s3.PutObjectInput{Bucket: media, Key: aws.String("public/forged"), Body: strings.NewReader("x")})
		var api smithy.APIError
		if !errors.As(err, &api) || api.ErrorCode() != tc.code {
			t.Errorf("%s: %v, want %s", tc.name, err, tc.code)
		}
	}

	// A body that is not the one signed.
	req, _ := http.NewRequest(http.MethodPut, r.URL+"/"+*media+"/public/forged", strings.NewReader("jello"))
	sum := sha256.Sum256([]byte("hello"))
	req.Header.Set("X-Amz-Content-Sha256", hex.EncodeToString(sum[:]))
	if err := v4.NewSigner().SignHTTP(ctx, aws.Credentials{AccessKeyID: "test", SecretAccessKey: "test"}, req,
		hex.EncodeToString(sum[:]), "s3", "us-east-1", time.Now()); err != nil {
		t.Fatal(err)
	}
	if got := fetchS3(t, req); !got.is(400, "XAmzContentSHA256Mismatch", "") {
		t.Errorf("body other than signed = %d %s", got.status, got.body)
	}
	if objectExists(t, r.S3, "public/forged") {
		t.Error("a forged request stored its object")
	}
}

// multipartUpload stores key in two parts through the SDK.
func multipartUpload(t *testing.T, c *s3.Client, key string) {
	t.Helper()
	ctx := context.Background()
	created, err := c.CreateMultipartUpload(ctx, &s3.CreateMultipartUploadInput{Bucket: media, Key: aws.String(key)})
	if err != nil {
		t.Fatalf("CreateMultipartUpload: %v", err)
	}
	var parts []s3types.CompletedPart
	for i, body := range [][]byte{bytes.Repeat([]byte("a"), 5<<20), []byte("tail")} {
		n := int32(i + 1)
		out, err := c.UploadPart(ctx, &s3.UploadPartInput{Bucket: media, Key: aws.String(key), UploadId: created.UploadId,
			PartNumber: aws.Int32(n), Body: bytes.NewReader(body)})
		if err != nil {
			t.Fatalf("UploadPart %d: %v", n, err)
		}
		parts = append(parts, s3types.CompletedPart{ETag: out.ETag, PartNumber: aws.Int32(n)})
	}
	if _, err := c.CompleteMultipartUpload(ctx, &s3.CompleteMultipartUploadInput{Bucket: media, Key: aws.String(key),
		UploadId: created.UploadId, MultipartUpload: &s3types.CompletedMultipartUpload{Parts: parts}}); err != nil {
		t.Fatalf("CompleteMultipartUpload: %v", err)
	}
}

func TestCORSAnswersPreflightsAndBrowserRequests(t *testing.T) {
	t.Parallel()
	r := startClocked(t)
	preflight := func(method string) answer {
		req, _ := http.NewRequest(http.MethodOptions, r.URL+"/"+*media, nil)
		req.Header.Set("Origin", "http://127.0.0.1:5173")
		req.Header.Set("Access-Control-Request-Method", method)
		req.Header.Set("Access-Control-Request-Headers", "content-type")
		return fetchS3(t, req)
	}
	got := preflight(http.MethodPost)
	h := got.header
	if got.status != http.StatusOK || h.Get("Access-Control-Allow-Origin") != "*" ||
		h.Get("Access-Control-Allow-Methods") != "GET, HEAD, PUT, POST" ||
		h.Get("Access-Control-Allow-Headers") != "content-type" || h.Get("Access-Control-Expose-Headers") != "ETag" {
		t.Errorf("POST preflight = %d %v", got.status, h)
	}
	if got := preflight(http.MethodDelete); !got.is(403, "AccessForbidden", "") || got.header.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("DELETE preflight = %d %s %v", got.status, got.body, got.header)
	}

	post := presignUpload(t, r.S3, "uploads/u1/audio/cors.mp3", "audio/mpeg", 100)
	req := uploadRequest(t, post, [][2]string{{"Content-Type", "audio/mpeg"}}, []byte("x"))
	req.Header.Set("Origin", "http://127.0.0.1:5173")
	got = fetchS3(t, req)
	if got.status != http.StatusNoContent || got.header.Get("Access-Control-Allow-Origin") != "*" ||
		got.header.Get("Access-Control-Expose-Headers") != "ETag" {
		t.Errorf("browser POST = %d %v", got.status, got.header)
	}
	req = uploadRequest(t, post, [][2]string{{"Content-Type", "video/mp4"}}, []byte("x"))
	req.Header.Set("Origin", "http://127.0.0.1:5173")
	if got := fetchS3(t, req); got.status != 403 || got.header.Get("Access-Control-Allow-Origin") != "*" {
		t.Errorf("refused browser POST = %d %v: a browser must be able to read the refusal", got.status, got.header)
	}
	get, err := s3.NewPresignClient(r.S3).PresignGetObject(context.Background(), &s3.GetObjectInput{Bucket: media, Key: aws.String("uploads/u1/audio/cors.mp3")})
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := http.NewRequest(http.MethodGet, get.URL, nil)
	if got := fetchS3(t, plain); got.status != 200 || got.header.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("GET without Origin = %d, CORS headers %v; want none", got.status, got.header)
	}
}

func md5Hex(s string) string {
	sum := md5.Sum([]byte(s))
	return hex.EncodeToString(sum[:])
}

// flipLast changes the last character of s (a signature at the end of a URL or field).
func flipLast(s string) string {
	last := s[len(s)-1]
	if last == '0' {
		return s[:len(s)-1] + "1"
	}
	return s[:len(s)-1] + "0"
}

// copySource URL-encodes a key for X-Amz-Copy-Source, as S3 requires.
func copySource(key string) string {
	segments := strings.Split(key, "/")
	for i, s := range segments {
		segments[i] = url.QueryEscape(s)
	}
	return strings.Join(segments, "/")
}

func TestPresignedPostKeepsTheFormsCacheControl(t *testing.T) {
	t.Parallel()
	r := startClocked(t)
	const key, cache = "uploads/u1/audio/a.mp3", "max-age=60"
	post := presignUpload(t, r.S3, key, "audio/mpeg", 1000, func(o *s3.PresignPostOptions) {
		o.Conditions = append(o.Conditions, []any{"eq", "$Cache-Control", cache})
	})
	got := fetchS3(t, uploadRequest(t, post, [][2]string{{"Content-Type", "audio/mpeg"}, {"Cache-Control", cache}}, []byte("ID3 tune")))
	if got.status != http.StatusNoContent {
		t.Fatalf("POST = %d %s, want 204", got.status, got.body)
	}
	out, err := r.S3.HeadObject(context.Background(), &s3.HeadObjectInput{Bucket: media, Key: aws.String(key)})
	if err != nil {
		t.Fatal(err)
	}
	if aws.ToString(out.CacheControl) != cache || len(out.Metadata) != 0 {
		t.Errorf("Cache-Control %q, metadata %v", aws.ToString(out.CacheControl), out.Metadata)
	}
}
