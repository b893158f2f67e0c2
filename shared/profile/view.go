package profile

import "time"

// View is a profile as the API shows it (spec part 1 §3). Email and phone number appear only in
// the owner's own view.
type View struct {
	ID                 string    `json:"id"`
	Username           string    `json:"username"`
	Identity           string    `json:"identity"`
	FirstName          string    `json:"firstname"`
	MiddleName         string    `json:"middlename"`
	LastName           string    `json:"lastname"`
	Email              string    `json:"email,omitempty"`
	Phone              string    `json:"phonenumber,omitempty"`
	Bio                string    `json:"bio"`
	Image              string    `json:"image"`
	CoverImage         string    `json:"cover_image"`
	IsAdmin            bool      `json:"is_admin"`
	FollowersList      []Summary `json:"followers_list"`
	FollowingList      []Summary `json:"following_list"`
	FollowersCount     int64     `json:"followers_count"`
	FollowingCount     int64     `json:"following_count"`
	SubscriptionStatus string    `json:"subscription_status"`
	// SubscriptionExpiresAt ends the paid period: in the owner's own view, when there is one.
	SubscriptionExpiresAt string `json:"subscription_expires_at,omitempty"`
	CreatedAt             string `json:"created_at"`
}

// View renders p with url turning its media keys into addresses (httpapi.Media.URL); own selects
// the owner's view with private contact details.
func (p Profile) View(url func(key string) string, own bool) View {
	out := View{
		ID: p.ID, Username: p.Username, Identity: string(p.Identity), FirstName: p.FirstName,
		MiddleName: p.MiddleName, LastName: p.LastName, Bio: p.Bio, Image: url(p.Image),
		CoverImage: url(p.CoverImage), IsAdmin: p.IsAdmin, FollowersCount: p.FollowersCount,
		FollowingCount: p.FollowingCount, SubscriptionStatus: p.SubscriptionStatus,
		CreatedAt:     p.CreatedAt.UTC().Format(time.RFC3339),
		FollowersList: summaries(p.Followers, url), FollowingList: summaries(p.Following, url),
	}
	if own {
		out.Email, out.Phone = p.Email, p.Phone
		if !p.SubscriptionExpiresAt.IsZero() {
			out.SubscriptionExpiresAt = p.SubscriptionExpiresAt.UTC().Format(time.RFC3339)
		}
	}
	return out
}

func summaries(in []Summary, url func(string) string) []Summary {
	out := make([]Summary, 0, len(in))
	for _, s := range in {
		s.Image = url(s.Image)
		out = append(out, s)
	}
	return out
}
