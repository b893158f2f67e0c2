package httpapi

import "strings"

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
