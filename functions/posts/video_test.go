package posts_test

import (
	"net/http"
	"reflect"
	"testing"

	"zuum/shared/media"
	"zuum/shared/media/mediatest"
)

func TestVideo_CreateReadsFormStyleFieldsAndRendersTheVideo(t *testing.T) {
	t.Parallel()
	w := start(t)
	ada := w.user("ada_e")
	r := ada.JSON("POST", "/api/video/create", map[string]any{
		"caption": "Studio session", "location": " Lagos ", "public": "false",
		"tagged_people": `[" tunde ", "Tunde", "", "zara"]`, "video_upload": w.upload(ada.ID, media.Video, mp4Bytes),
		"cover_photo": w.upload(ada.ID, media.Image, pngBytes),
	})
	if r.Status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.Status, r.Raw)
	}
	p := r.Body["post"].(map[string]any)
	want := map[string]any{
		"kind": "video", "caption": "Studio session", "title": "Studio session", "location": "Lagos", "public": false,
		"tagged_people": []any{"tunde", "zara"}, "audio": map[string]any{"name": "Original audio - ada_e"},
		"username": "ada_e", "profile_id": ada.ID, "isLiked": false, "is_liked": false,
	}
	for k, v := range want {
		if !reflect.DeepEqual(p[k], v) {
			t.Errorf("%s = %#v, want %#v", k, p[k], v)
		}
	}
	if p["video_url"] != p["video_upload"] || p["video_upload"] == "" || p["cover_photo"] == "" {
		t.Errorf("media URLs: %v %v %v", p["video_url"], p["video_upload"], p["cover_photo"])
	}
	p2 := w.video(ada, "Default public", true)
	if p2["public"] != true || !reflect.DeepEqual(p2["tagged_people"], []any{}) {
		t.Errorf("defaults: %v", p2)
	}
}

func TestVideo_CreateRefusesWithTheContractsMessages(t *testing.T) {
	t.Parallel()
	w, ada, bo := startWithTwo(t)
	const invalid = "Validation error or missing files."
	const badVideo = "Please upload a valid video file (MP4, MOV, or AVI)"
	cases := []struct {
		name   string
		body   map[string]any
		fields map[string]string
	}{
		{"an empty form", map[string]any{}, map[string]string{"caption": "Caption is required", "video_upload": "Video file is required"}},
		{"another user's upload", map[string]any{"caption": "x", "video_upload": w.upload(bo.ID, media.Video, mp4Bytes)}, map[string]string{"video_upload": badVideo}},
		{"audio bytes", map[string]any{"caption": "x", "video_upload": w.upload(ada.ID, media.Video, mediatest.WAV(1))}, map[string]string{"video_upload": badVideo}},
		{"a missing object", map[string]any{"caption": "x", "video_upload": media.UserPrefix(ada.ID, media.Video) + "gone.mp4"}, map[string]string{"video_upload": badVideo}},
		{"a bad public flag and tags", map[string]any{"caption": "x", "public": "maybe", "tagged_people": "ada, bo", "video_upload": w.upload(ada.ID, media.Video, mp4Bytes)},
			map[string]string{"public": "public must be true or false", "tagged_people": "tagged_people must be a list of names"}},
	}
	for _, tc := range cases {
		refusal(t, tc.name, ada.JSON("POST", "/api/video/create", tc.body), http.StatusBadRequest, invalid, tc.fields)
	}
}

func TestVideo_APrivateVideoIsOnlyItsOwners(t *testing.T) {
	t.Parallel()
	w, ada, bo := startWithTwo(t)
	private := w.video(ada, "Rough cut", false)["id"].(string)
	w.video(ada, "Final cut", true)
	id := private

	if r := ada.JSON("GET", "/api/video/"+id, nil); r.Status != http.StatusOK {
		t.Errorf("the owner reads it: %d %s", r.Status, r.Raw)
	}
	for _, c := range []struct{ what, method, path string }{
		{"get", "GET", "/api/video/" + id}, {"comments", "GET", "/api/video/" + id + "/comments"},
		{"delete", "DELETE", "/api/video/" + id},
	} {
		refusal(t, c.what, bo.JSON(c.method, c.path, nil), http.StatusNotFound, "Video post not found", nil)
	}
	refusal(t, "react", bo.JSON("POST", "/api/video/react", map[string]any{"post_id": id, "like": true}), http.StatusNotFound, "Video post not found", nil)
	refusal(t, "comment", bo.JSON("POST", "/api/video/comment/create", map[string]any{"post_id": id, "comment": "hi"}), http.StatusNotFound, "Video post not found", nil)
	refusal(t, "share", bo.JSON("POST", "/api/video/share", map[string]any{"post_id": id}), http.StatusNotFound, "Video post not found", nil)

	lists := []struct {
		u    user
		path string
		want []string
	}{
		{bo, "/api/video", []string{"Final cut"}},
		{bo, "/api/video/", []string{"Final cut"}},
		{bo, "/api/feed?tab=video", []string{"Final cut"}},
		{bo, "/api/video/user/" + ada.ID, []string{"Final cut"}},
		{ada, "/api/video/user/" + ada.ID, []string{"Final cut", "Rough cut"}},
		{ada, "/api/video/user", []string{"Final cut", "Rough cut"}},
		{bo, "/api/video/user", []string{}},
		{bo, "/api/audio", []string{}},
	}
	for _, l := range lists {
		if got, _ := list(t, l.u, l.path); !reflect.DeepEqual(got, l.want) {
			t.Errorf("%s as %s: %v, want %v", l.path, l.u.Name, got, l.want)
		}
	}
	if r := ada.JSON("POST", "/api/video/react", map[string]any{"post_id": id, "like": true}); r.Status != http.StatusOK || r.Body["reactions"] != 1.0 {
		t.Errorf("the owner likes it: %d %s", r.Status, r.Raw)
	}
	refusal(t, "audio routes do not serve videos", ada.JSON("GET", "/api/audio/"+id, nil), http.StatusNotFound, "Audio post not found", nil)
	refusal(t, "the owner deletes it", ada.JSON("DELETE", "/api/video/"+id, nil), http.StatusOK, "Post deleted.", nil)
	if got, _ := list(t, ada, "/api/video/user"); !reflect.DeepEqual(got, []string{"Final cut"}) {
		t.Errorf("after delete: %v", got)
	}
	w.app.NoFailedEvents(t)
}
