// placeholder: module charts has no sources yet
