// Package posts is the route set the audio and video groups share, mounted once per post kind
// under /api/<kind>/: create, the lists, read, delete, react, comment, the comments and share.
// A Kind says what differs: the timelines its lists read, how its create body reads, its
// not-found messages and share links. The domain lives in shared/post.
package posts

import (
	"context"
	"net/http"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"zuum/functions/wire"
	"zuum/functions/wire/buckets"
	"zuum/shared/failure"
	"zuum/shared/httpapi"
	"zuum/shared/jobs"
	"zuum/shared/ledger"
	"zuum/shared/media"
	"zuum/shared/post"
	"zuum/shared/promotion"
	"zuum/shared/schema"
)

// Kind is one post kind's routes.
type Kind struct {
	Kind post.Kind
	// NotFound answers for a missing post (read, delete, comments, share); ActNotFound for a
	// missing post of a reaction or comment (the spec says "Post not found" there for audio).
	NotFound, ActNotFound string
	// SharedNotFound answers for a share that leads nowhere.
	SharedNotFound string
	// All is the kind's list of every post; Own(uid) a user's list as its owner sees it; Of(uid)
	// as everyone else does.
	All     post.Timeline
	Own, Of func(userID string) post.Timeline
	// OwnPath and CommentPath are where the caller's own list and a new comment are, below the
	// kind's base path: /user and /comment/create for audio and video, the spec's /user-posts
	// and /comment for beats.
	OwnPath, CommentPath string
	// draft reads a create request's body.
	draft func(w http.ResponseWriter, r *http.Request) (post.Draft, error)
	// shareURL is the link a share hands out.
	shareURL func(appURL string, s post.Share) string
}

// Audio is /api/audio.
var Audio = Kind{
	Kind: post.Audio, NotFound: "Audio post not found", ActNotFound: "Post not found",
	SharedNotFound: "Shared audio not found",
	All:            post.AllAudio, Own: post.UserAudio, Of: post.UserAudio,
	OwnPath: "/user", CommentPath: "/comment/create",
	draft: audioDraft,
	shareURL: func(appURL string, s post.Share) string {
		return appURL + "/shared-audio/" + s.ID
	},
}

// Video is /api/video. A video's share link is its page, /video/{id} (spec part 1 §2).
var Video = Kind{
	Kind: post.Video, NotFound: "Video post not found", ActNotFound: "Video post not found",
	SharedNotFound: "Shared video not found",
	All:            post.AllVideos, Own: post.UserVideos, Of: post.UserPublicVideos,
	OwnPath: "/user", CommentPath: "/comment/create",
	draft: videoDraft,
	shareURL: func(appURL string, s post.Share) string {
		return appURL + "/video/" + s.PostID
	},
}

// Deps are what the routes use.
type Deps struct {
	Sessions httpapi.Authenticator
	Posts    *post.Store
	Render   Renderer
	// Media is the media bucket (the renderer signs through it; beats sign downloads).
	Media *media.Store
	// AppURL is the web app's origin, for share links.
	AppURL string
	// Promotions, when set, has deleting a post refund its pending promotions first.
	Promotions *promotion.Store
}

// Handler serves one kind's routes.
type Handler struct {
	k   Kind
	d   Deps
	mux *http.ServeMux
}

// New mounts k's routes. Every route needs a session, so isLiked is the viewer's.
func New(k Kind, d Deps) *Handler {
	d.AppURL = strings.TrimRight(d.AppURL, "/")
	h := &Handler{k: k, d: d, mux: http.NewServeMux()}
	base := "/api/" + string(k.Kind)
	routes := []struct {
		pattern string
		fn      http.HandlerFunc
	}{
		{"POST " + base + "/create", h.create},
		{"GET " + base, h.all},
		{"GET " + base + "/{$}", h.all},
		{"GET " + base + k.OwnPath, h.own},
		{"GET " + base + "/user/{userId}", h.ofUser},
		{"GET " + base + "/shared/{shareId}", h.shared},
		{"GET " + base + "/{id}", h.get},
		// /{id}/comments, as one pattern: {id}/comments next to user/{userId} would be ambiguous.
		{"GET " + base + "/{id}/{list}", h.comments},
		{"DELETE " + base + "/{id}", h.delete},
		{"POST " + base + "/react", h.react},
		{"POST " + base + k.CommentPath, h.comment},
		{"POST " + base + "/share", h.share},
		{"POST " + base + "/{id}/play", h.play},
	}
	for _, rt := range routes {
		h.mux.HandleFunc(rt.pattern, httpapi.RequireSession(d.Sessions, rt.fn))
	}
	h.mux.HandleFunc("/", httpapi.NotFound)
	return h
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	httpapi.Recover(h.mux).ServeHTTP(w, r)
}

// fail writes err, naming a missing post with notFound.
func fail(w http.ResponseWriter, r *http.Request, err error, notFound string) {
	if failure.Is(err, failure.NotFound) {
		err = failure.New(failure.NotFound, notFound)
	}
	httpapi.Error(w, r, err)
}

// viewer is the signed-in caller.
func viewer(r *http.Request) httpapi.Principal {
	p, _ := httpapi.PrincipalFrom(r.Context())
	return p
}

// FromEnv builds k's routes from the environment and the jobs queue (see WireWriter).
func FromEnv(ctx context.Context, cfg aws.Config, env wire.Env, k Kind, q jobs.Queue) (http.Handler, error) {
	d, err := WireWriter(ctx, cfg, env, q)
	if err != nil {
		return nil, err
	}
	return New(k, d), nil
}

// Group is the FromEnv of k's route group: the jobs queue from jobsQueue (wire/queue.Jobs, passed
// in so that this package does not link the Lambda client), then FromEnv.
func Group(k Kind, jobsQueue func(aws.Config, wire.Env) (jobs.Queue, error)) func(context.Context, aws.Config, wire.Env) (http.Handler, error) {
	return func(ctx context.Context, cfg aws.Config, env wire.Env) (http.Handler, error) {
		q, err := jobsQueue(cfg, env)
		if err != nil {
			return nil, err
		}
		return FromEnv(ctx, cfg, env, k, q)
	}
}

// WireWriter builds what creating and deleting posts needs: what Wire reads from the
// environment with LEDGER_TABLE (the promotions a deletion refunds), and q, the queue to the jobs worker that new and deleted posts queue work for
// (wire/queue builds it from JOBS_FUNCTION; the caller passes it, so a group that only reads
// posts, the feed, does not link the Lambda client).
func WireWriter(ctx context.Context, cfg aws.Config, env wire.Env, q jobs.Queue) (Deps, error) {
	return build(ctx, cfg, env, q)
}

// Wire builds what reading posts needs (the feed's routes) from the environment: USERS_TABLE,
// POSTS_TABLE, MEDIA_BUCKET, JWT_SECRET_ID, MAIL_FROM, APP_URL and MEDIA_URL, and
// MEDIA_SIGNING_SECRET_ID with MEDIA_SIGNING_KEY_ID for signed media URLs (buckets.MediaStore). Its store has no
// jobs queue, so it cannot create or delete posts.
func Wire(ctx context.Context, cfg aws.Config, env wire.Env) (Deps, error) {
	return build(ctx, cfg, env, nil)
}

func build(ctx context.Context, cfg aws.Config, env wire.Env, queue jobs.Queue) (Deps, error) {
	v, sessions, err := wire.RequireSessions(ctx, cfg, env, schema.Posts.EnvVar, schema.Users.EnvVar, schema.Media.EnvVar, "APP_URL")
	if err != nil {
		return Deps{}, err
	}
	files, err := buckets.MediaStore(ctx, cfg, env, v[schema.Media.EnvVar])
	if err != nil {
		return Deps{}, err
	}
	db := dynamodb.NewFromConfig(cfg)
	store := post.NewStore(post.Config{
		DB: db, Table: v[schema.Posts.EnvVar], Users: v[schema.Users.EnvVar],
		Files: files, Jobs: queue,
	})
	d := Deps{
		Sessions: sessions, Posts: store, AppURL: v["APP_URL"], Media: files,
		Render: Renderer{Files: files, Pictures: wire.Media(env)},
	}
	if queue != nil {
		// A group that deletes posts refunds their pending promotions (kept in the Ledger table).
		l, err := env.Require(schema.Ledger.EnvVar)
		if err != nil {
			return Deps{}, err
		}
		d.Promotions = promotion.NewStore(promotion.Config{DB: db, Ledger: ledger.New(db, l[schema.Ledger.EnvVar]), Posts: store})
	}
	return d, nil
}
