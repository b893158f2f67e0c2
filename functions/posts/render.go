package posts

import (
	"context"
	"time"

	"zuum/shared/httpapi"
	"zuum/shared/media"
	"zuum/shared/money"
	"zuum/shared/post"
)

// Signer turns an upload's key into a URL a browser can load (*media.Store signs GETs).
type Signer interface {
	URL(ctx context.Context, key string) string
}

// Renderer turns posts and comments into the contract's JSON ("Post objects" in
// functions/README.md): uploads as signed URLs, profile pictures as CDN paths.
type Renderer struct {
	Files    Signer
	Pictures httpapi.Media
}

// PostJSON is one post as the contract shows it, told apart by its kind: AudioJSON, VideoJSON,
// or the fields every kind shows for a kind without a shape of its own. Only this package's
// post shapes implement it, so a response can hold nothing else.
type PostJSON interface {
	postJSON()
}

// base holds the fields every post kind shows.
type base struct {
	ID             string    `json:"id"`
	Kind           post.Kind `json:"kind"`
	ProfileID      string    `json:"profile_id"`
	Username       string    `json:"username"`
	ProfilePicture string    `json:"profile_picture"`
	Caption        string    `json:"caption"`
	Title          string    `json:"title"`
	CoverPhoto     string    `json:"cover_photo"`
	// The cover's size, placeholder (a data URI) and renditions; 0, "" and [] without a cover or
	// on posts made before covers had renditions.
	CoverWidth       int             `json:"cover_width"`
	CoverHeight      int             `json:"cover_height"`
	CoverPlaceholder string          `json:"cover_placeholder"`
	CoverRenditions  []RenditionJSON `json:"cover_renditions"`
	Duration         float64         `json:"duration"`
	Reactions        int64           `json:"reactions"`
	Comments         int64           `json:"comments"`
	Shares           int64           `json:"shares"`
	IsLiked          bool            `json:"isLiked"`
	IsLikedSnake     bool            `json:"is_liked"`
	IsPromoted       bool            `json:"is_promoted"`
	PlaysCount       int64           `json:"plays_count"`
	CreatedAt        string          `json:"created_at"`
}

// AudioJSON is an audio post.
type AudioJSON struct {
	base
	Type         string `json:"type"`
	Artist       string `json:"artist"`
	AudioUpload  string `json:"audio_upload"`
	Spotify      string `json:"spotify"`
	AppleMusic   string `json:"apple_music"`
	YouTubeMusic string `json:"youtube_music"`
	Boomplay     string `json:"boomplay"`
	Audiomark    string `json:"audiomark"`
	// AudioRenditions are audio_upload's listening copies.
	AudioRenditions []ListeningJSON `json:"audio_renditions"`
}

// VideoJSON is a video post.
type VideoJSON struct {
	base
	Location     string     `json:"location"`
	Public       bool       `json:"public"`
	TaggedPeople []string   `json:"tagged_people"`
	VideoUpload  string     `json:"video_upload"`
	VideoURL     string     `json:"video_url"`
	Audio        audioTrack `json:"audio"`
}

// BeatJSON is a beat for sale (spec part 2 §3). Its audio_upload and preview_url are the
// 10-second preview for everyone but its owner, who gets the full audio in audio_upload; no
// answer carries the full audio's key or a URL to it for anyone else (buyers download it through
// their purchase). amount and price are both the price of a licence in naira; likes is
// reactions; image is the owner's picture, as profile_picture.
type BeatJSON struct {
	base
	Type        string      `json:"type"`
	Artist      string      `json:"artist"`
	Description string      `json:"description"`
	AudioUpload string      `json:"audio_upload"`
	PreviewURL  string      `json:"preview_url"`
	Amount      money.Money `json:"amount"`
	Price       money.Money `json:"price"`
	TotalSupply int64       `json:"total_supply"`
	TotalBuyers int64       `json:"total_buyers"`
	Available   int64       `json:"available"`
	Likes       int64       `json:"likes"`
	Image       string      `json:"image"`
	// AudioRenditions are audio_upload's listening copies: the full audio's for its owner, the
	// preview's for everyone else.
	AudioRenditions []ListeningJSON `json:"audio_renditions"`
}

// RenditionJSON is one rendition of a cover: its width in pixels and its URL, signed as
// cover_photo is.
type RenditionJSON struct {
	Width int    `json:"width"`
	URL   string `json:"url"`
}

// Renditions are the renditions of the cover at key, ascending by width, never nil.
func (r Renderer) Renditions(ctx context.Context, key string, widths []int) []RenditionJSON {
	out := make([]RenditionJSON, 0, len(widths))
	if key == "" {
		return out
	}
	for _, w := range widths {
		out = append(out, RenditionJSON{Width: w, URL: r.Files.URL(ctx, media.RenditionKey(key, w))})
	}
	return out
}

// ListeningJSON is one listening copy of an audio file (media.ListeningKey): its bitrate in
// kbit/s, its container and its URL, signed as the audio's.
type ListeningJSON struct {
	Kbps   int    `json:"kbps"`
	Format string `json:"format"`
	URL    string `json:"url"`
}

// Listening are the listening copies at kbps of the audio at key, ascending by bitrate, never
// nil ([] until the jobs worker has made them).
func (r Renderer) Listening(ctx context.Context, key string, kbps []int) []ListeningJSON {
	out := make([]ListeningJSON, 0, len(kbps))
	if key == "" {
		return out
	}
	for _, k := range kbps {
		out = append(out, ListeningJSON{Kbps: k, Format: media.ListeningFormat, URL: r.Files.URL(ctx, media.ListeningKey(key, k))})
	}
	return out
}

// postJSON seals PostJSON; AudioJSON, VideoJSON and BeatJSON have it through base.
func (base) postJSON() {}

type audioTrack struct {
	Name string `json:"name"`
}

// Post renders e in its kind's shape; a kind without a shape of its own shows the common fields.
func (r Renderer) Post(ctx context.Context, e post.Entry) PostJSON {
	p := e.Post
	b := base{
		ID: p.ID, Kind: p.Kind, ProfileID: p.OwnerID, Username: e.Owner.Username,
		ProfilePicture: r.Pictures.URL(e.Owner.Image), Caption: p.Caption, Title: p.Caption,
		CoverPhoto: r.Files.URL(ctx, p.Cover), CoverWidth: p.Art.Width, CoverHeight: p.Art.Height,
		CoverPlaceholder: p.Art.Placeholder, CoverRenditions: r.Renditions(ctx, p.Cover, p.Art.Renditions),
		Duration: p.Duration, Reactions: p.Reactions,
		Comments: p.Comments, Shares: p.Shares, IsLiked: e.Liked, IsLikedSnake: e.Liked,
		IsPromoted: e.Promoted, PlaysCount: p.Plays, CreatedAt: p.CreatedAt.UTC().Format(time.RFC3339),
	}
	switch p.Kind {
	case post.Audio:
		return AudioJSON{
			base: b, Type: p.Type, Artist: e.Owner.Username, AudioUpload: r.Files.URL(ctx, p.Media),
			AudioRenditions: r.Listening(ctx, p.Media, p.Listening),
			Spotify:         p.Links.Spotify, AppleMusic: p.Links.AppleMusic, YouTubeMusic: p.Links.YouTubeMusic,
			Boomplay: p.Links.Boomplay, Audiomark: p.Links.Audiomark,
		}
	case post.Beat:
		if p.Sale == nil {
			break
		}
		sale := *p.Sale
		preview := r.Files.URL(ctx, sale.Preview)
		audio, listening := preview, r.Listening(ctx, sale.Preview, sale.Listening)
		if e.Own {
			audio, listening = r.Files.URL(ctx, p.Media), r.Listening(ctx, p.Media, p.Listening)
		}
		return BeatJSON{
			base: b, Type: post.TypeBeat, Artist: e.Owner.Username, Description: sale.Description,
			AudioUpload: audio, AudioRenditions: listening, PreviewURL: preview, Amount: sale.Price, Price: sale.Price, TotalSupply: sale.Supply, TotalBuyers: sale.Buyers,
			Available: sale.Available(), Likes: p.Reactions, Image: b.ProfilePicture,
		}
	case post.Video:
		video := r.Files.URL(ctx, p.Media)
		return VideoJSON{
			base: b, Location: p.Location, Public: p.Public, TaggedPeople: p.Tags, VideoUpload: video,
			VideoURL: video, Audio: audioTrack{Name: "Original audio - " + e.Owner.Username},
		}
	}
	return b
}

// Posts renders a list of entries.
func (r Renderer) Posts(ctx context.Context, es []post.Entry) []PostJSON {
	out := make([]PostJSON, len(es))
	for i, e := range es {
		out[i] = r.Post(ctx, e)
	}
	return out
}

// CommentJSON is a comment.
type CommentJSON struct {
	ID             string `json:"id"`
	PostID         string `json:"post_id"`
	ProfileID      string `json:"profile_id"`
	Username       string `json:"username"`
	ProfilePicture string `json:"profile_picture"`
	Comment        string `json:"comment"`
	CreatedAt      string `json:"created_at"`
	Likes          int    `json:"likes"`
	IsLiked        bool   `json:"isLiked"`
}

// Comment renders c.
func (r Renderer) Comment(c post.Comment) CommentJSON {
	return CommentJSON{
		ID: c.ID, PostID: c.PostID, ProfileID: c.UserID, Username: c.Author.Username,
		ProfilePicture: r.Pictures.URL(c.Author.Image), Comment: c.Text,
		CreatedAt: c.CreatedAt.UTC().Format(time.RFC3339),
	}
}

// List is the answer of every post list: the posts and the contract's pagination.
type List struct {
	Posts      []PostJSON         `json:"posts"`
	Pagination httpapi.Pagination `json:"pagination"`
}

// Single is the answer about a single post (get, shared, create): {"post"}.
type Single struct {
	Post PostJSON `json:"post"`
}

// CommentList is the answer of a post's comments: the comments and the contract's pagination.
type CommentList struct {
	Comments   []CommentJSON      `json:"comments"`
	Pagination httpapi.Pagination `json:"pagination"`
}

// Page renders a timeline page asked for with req.
func (r Renderer) Page(ctx context.Context, p post.Page, req httpapi.PageRequest) List {
	req.Page = p.Number
	return List{Posts: r.Posts(ctx, p.Entries), Pagination: httpapi.NewPagination(p.Total, req, p.Next)}
}
