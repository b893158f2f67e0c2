package httpapi

import (
	"strings"
	"time"

	"zuum/shared/profile"
)

// ProfileJSON is a profile as the API shows it (spec part 1 §3). Email and phone number appear
// only in the owner's own view.
type ProfileJSON struct {
	ID                 string            `json:"id"`
	Username           string            `json:"username"`
	Identity           string            `json:"identity"`
	FirstName          string            `json:"firstname"`
	MiddleName         string            `json:"middlename"`
	LastName           string            `json:"lastname"`
	Email              string            `json:"email,omitempty"`
	Phone              string            `json:"phonenumber,omitempty"`
	Bio                string            `json:"bio"`
	Image              string            `json:"image"`
	CoverImage         string            `json:"cover_image"`
	IsAdmin            bool              `json:"is_admin"`
	FollowersList      []profile.Summary `json:"followers_list"`
	FollowingList      []profile.Summary `json:"following_list"`
	FollowersCount     int64             `json:"followers_count"`
	FollowingCount     int64             `json:"following_count"`
	SubscriptionStatus string            `json:"subscription_status"`
	// SubscriptionExpiresAt ends the paid period: in the owner's own view, when there is one.
	SubscriptionExpiresAt string `json:"subscription_expires_at,omitempty"`
	CreatedAt             string `json:"created_at"`
}

// Media turns stored media keys into URLs under the CDN's base URL ("" serves them from the
// same origin, as CloudFront's /public/* behaviour and the local cloud both do).
type Media struct {
	BaseURL string
}

// URL returns the address of key; absolute URLs and empty keys pass through.
func (m Media) URL(key string) string {
	if key == "" || strings.HasPrefix(key, "http://") || strings.HasPrefix(key, "https://") || strings.HasPrefix(key, "/") {
		return key
	}
	return strings.TrimRight(m.BaseURL, "/") + "/" + key
}

// Profile renders p; own selects the owner's view with private contact details.
func (m Media) Profile(p profile.Profile, own bool) ProfileJSON {
	out := ProfileJSON{
		ID: p.ID, Username: p.Username, Identity: string(p.Identity), FirstName: p.FirstName,
		MiddleName: p.MiddleName, LastName: p.LastName, Bio: p.Bio, Image: m.URL(p.Image),
		CoverImage: m.URL(p.CoverImage), IsAdmin: p.IsAdmin, FollowersCount: p.FollowersCount,
		FollowingCount: p.FollowingCount, SubscriptionStatus: p.SubscriptionStatus,
		CreatedAt:     p.CreatedAt.UTC().Format(time.RFC3339),
		FollowersList: m.summaries(p.Followers), FollowingList: m.summaries(p.Following),
	}
	if own {
		out.Email, out.Phone = p.Email, p.Phone
		if !p.SubscriptionExpiresAt.IsZero() {
			out.SubscriptionExpiresAt = p.SubscriptionExpiresAt.UTC().Format(time.RFC3339)
		}
	}
	return out
}

func (m Media) summaries(in []profile.Summary) []profile.Summary {
	out := make([]profile.Summary, 0, len(in))
	for _, s := range in {
		s.Image = m.URL(s.Image)
		out = append(out, s)
	}
	return out
}
